package validate

// Trailer keys memfs writes into every commit message of a memory
// artifact. The artifact's format names them (Memfs-Artifact carries
// SupportedArtifactVersion); the store writes them and the erasure guard
// never matches them as text.
const (
	TrailerArtifact = "Memfs-Artifact"
	TrailerRun      = "Memfs-Run"
	TrailerSources  = "Memfs-Sources"
)

package validate

// Stable problem codes. They are part of the CLI contract: scripts branch on
// them, so they never change meaning.
const (
	CodeUnsupportedVersion  = "unsupported_version"
	CodeInvalidFileType     = "invalid_file_type"
	CodeInvalidPath         = "invalid_path"
	CodeDuplicatePath       = "duplicate_path"
	CodeInvalidEncoding     = "invalid_encoding"
	CodeFileTooLarge        = "file_too_large"
	CodeTooManyFiles        = "too_many_files"
	CodeTotalTooLarge       = "total_too_large"
	CodeMissingRequiredFile = "missing_required_file"
	CodeMissingSources      = "missing_sources"
	CodeUnknownSource       = "unknown_source"
	CodeErasedSource        = "erased_source"
	CodeErasedContent       = "erased_content"
	// CodeUnknownEntry and CodeMissingEntry are found by the dream run,
	// which knows the evidence (dream/citecheck.go): a changed page cites
	// a transcript entry that is neither in the run's evidence nor cited
	// before, or names no entry at all.
	CodeUnknownEntry = "unknown_entry"
	CodeMissingEntry = "missing_entry"

	// Warning-only codes: links and malformed citation items never make an
	// artifact invalid.
	CodeBrokenLink      = "broken_link"
	CodeExternalLink    = "external_link"
	CodeMalformedSource = "malformed_source"

	// CodeUnreadable reports a file that could not be read at all.
	CodeUnreadable = "unreadable_file"
)

// SupportedArtifactVersion is the only Memfs-Artifact trailer value this
// version of memfs reads and writes.
const SupportedArtifactVersion = "1"

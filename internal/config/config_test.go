package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/validate"
)

func TestLoadRefusesUnsafeAuthor(t *testing.T) {
	cases := []struct {
		name, toml string
		ok         bool
	}{
		{"plain", "[author]\nname = \"Ada\"\nemail = \"ada@example.org\"\n", true},
		{"newline in name", "[author]\nname = \"Ada\\nEvil: x\"\n", false},
		{"angle in name", "[author]\nname = \"Ada <x>\"\n", false},
		{"angle in email", "[author]\nemail = \"ada>@example.org\"\n", false},
		{"NUL in email", "[author]\nemail = \"ada\\u0000@example.org\"\n", false},
		{"carriage return", "[author]\nname = \"Ada\\r\"\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Load(home)
			if (err == nil) != c.ok {
				t.Fatalf("Load: %v, want ok %v", err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "author.") {
				t.Errorf("error does not name the key: %v", err)
			}
		})
	}
}

// Ensure that a limit written as zero or less, a malformed file and an
// unknown key are config_invalid, and that limits left out keep their
// defaults.
func TestLoadLimits(t *testing.T) {
	cases := []struct {
		name, toml string
		ok         bool
	}{
		{"one limit", "[limits]\nmax_files = 10\n", true},
		{"zero", "[limits]\nmax_files = 0\n", false},
		{"negative", "[limits]\nmax_file_bytes = -5\n", false},
		{"syntax", "[limits\n", false},
		{"unknown key", "colour = \"red\"\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(home)
			if c.ok {
				if err != nil || cfg.Limits.MaxFiles != 10 || cfg.Limits.MaxFileBytes != validate.DefaultLimits().MaxFileBytes {
					t.Fatalf("Load = %+v, %v", cfg, err)
				}
				return
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Code() != "config_invalid" {
				t.Fatalf("Load: %v, want config_invalid", err)
			}
		})
	}
}

// Ensure that a config.toml over the bound, or one that is not a regular
// file (a FIFO that would block the reader, a folder), is config_invalid
// and is not parsed; a file at the bound still loads.
func TestLoadRefusesOversizedOrIrregular(t *testing.T) {
	valid := "[limits]\nmax_files = 10\n"
	pad := func(n int) string { return valid + strings.Repeat("#", n-len(valid)-1) + "\n" }
	cases := []struct {
		name  string
		plant func(t *testing.T, p string)
		ok    bool
	}{
		{"at the bound", func(t *testing.T, p string) { write(t, p, pad(MaxFileBytes)) }, true},
		{"one byte over", func(t *testing.T, p string) { write(t, p, pad(MaxFileBytes+1)) }, false},
		// Malformed after the bound: refused for its size, never parsed.
		{"huge", func(t *testing.T, p string) { write(t, p, pad(4*MaxFileBytes)+"[limits\n") }, false},
		{"fifo", func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}, false},
		{"folder", func(t *testing.T, p string) {
			if err := os.Mkdir(p, 0o700); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			c.plant(t, filepath.Join(home, FileName))
			cfg, err := Load(home)
			if c.ok {
				if err != nil || cfg.Limits.MaxFiles != 10 {
					t.Fatalf("Load = %+v, %v", cfg, err)
				}
				return
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Code() != "config_invalid" {
				t.Fatalf("Load: %v, want config_invalid", err)
			}
			if strings.Contains(err.Error(), "limits") {
				t.Errorf("the file was parsed: %v", err)
			}
		})
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ensure that [dreamer] defaults to Landlock confinement, accepts "none"
// and absolute extra paths, and refuses anything else.
func TestLoadDreamer(t *testing.T) {
	cases := []struct {
		name, toml string
		ok         bool
		confine    string
	}{
		{"default", "", true, "landlock"},
		{"none", "[dreamer]\nconfine = \"none\"\n", true, "none"},
		{"paths", "[dreamer]\nread = [\"/opt/agent\"]\nwrite = [\"/home/u/.agent\"]\n", true, "landlock"},
		{"unknown mode", "[dreamer]\nconfine = \"sandbox\"\n", false, ""},
		{"relative path", "[dreamer]\nwrite = [\"agent\"]\n", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(home)
			if (err == nil) != c.ok {
				t.Fatalf("Load: %v, want ok %v", err, c.ok)
			}
			if err == nil && cfg.Dreamer.Confine != c.confine {
				t.Errorf("confine %q, want %q", cfg.Dreamer.Confine, c.confine)
			}
		})
	}
}

// Ensure that [dreamer] use and model take the agent CLI presets (builtin
// by default) and a plain model name, and refuse what only flags can
// configure or a model name that is shell syntax.
func TestLoadDreamerUse(t *testing.T) {
	cases := []struct {
		toml, dreamer, model string
		ok                   bool
	}{
		{"", "builtin", "", true},
		{"[dreamer]\nuse = \"claude\"\n", "claude", "", true},
		{"[dreamer]\nuse = \"codex\"\nmodel = \"gpt-5.4\"\n", "codex", "gpt-5.4", true},
		{"[dreamer]\nuse = \"builtin\"\n", "builtin", "", true},
		{"[dreamer]\nuse = \"exec\"\n", "", "", false},
		{"[dreamer]\nuse = \"gpt\"\n", "", "", false},
		{"[dreamer]\nuse = \"claude\"\nmodel = \"haiku; rm -rf ~\"\n", "", "", false},
		{"[dreamer]\nuse = \"claude\"\nmodel = \"sonnet\"\nconfine = \"none\"\n", "claude", "sonnet", true},
		// The top-level key of before [dreamer] is refused, not ignored.
		{"dreamer = \"claude\"\n", "", "", false},
	}
	for _, c := range cases {
		home := t.TempDir()
		if err := os.WriteFile(filepath.Join(home, FileName), []byte(c.toml), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := Load(home)
		if (err == nil) != c.ok {
			t.Errorf("Load(%q): %v, want ok %v", c.toml, err, c.ok)
			continue
		}
		if err == nil && (got.Dreamer.Use != c.dreamer || got.Dreamer.Model != c.model) {
			t.Errorf("Load(%q) = dreamer %q model %q", c.toml, got.Dreamer.Use, got.Dreamer.Model)
		}
	}
}

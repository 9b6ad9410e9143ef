package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

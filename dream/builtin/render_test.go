package builtin

import "testing"

func TestIndexClaim(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The user said: “no ORMs here.”", "“no ORMs here.”"},
		{"The user (Diego) said: “no emojis”", "Diego: “no emojis”"},
		{"The user agreed to the assistant's proposal: “Tag everything?”", "Agreed: “Tag everything?”"},
		{"Asked “Which region?”, the user answered: “us-east-2”", "Asked “Which region?”: “us-east-2”"},
		{"On the question “where's the state?”, the user said: “harbor-tf-state”", "Asked “where's the state?”: “harbor-tf-state”"},
		{"Migrations are append-only.", "Migrations are append-only."},
		{"The user (a) (b) said: “x”", "The user (a) (b) said: “x”"},
	}
	for _, tt := range tests {
		if got := indexClaim(tt.in); got != tt.want {
			t.Errorf("indexClaim(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

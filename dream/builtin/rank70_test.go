package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that within an area a claim that replaced an earlier value is
// listed before the standing rules the area also holds, however recently
// they were said, and that a fact only worded as a change is not.
func TestListing_ReplacedBeforeRulesOfItsArea(t *testing.T) {
	projectRule := func(quote string) hear.Statement {
		st := rule("en", quote)
		st.Area = "project"
		return st
	}
	m := run(t, t.TempDir(),
		map[string]hear.Heard{"s1": heard(fact("prod region", "The prod region is eu-central-1."))},
		map[string]hear.Heard{"s2": heard(replacing(fact("prod region", "The prod region is eu-west-1."), "eu-central-1"))},
		map[string]hear.Heard{"s3": heard(
			projectRule("never deploy the billing service on Fridays"),
			fact("staging database", "Heads up: the staging database moved to db-stg-02 last week."))})
	var listed []string
	for _, e := range m.listing() {
		if e.page.area == "project" {
			listed = append(listed, e.text)
		}
	}
	at := func(word string) int {
		return slices.IndexFunc(listed, func(s string) bool { return strings.Contains(s, word) })
	}
	region, fridays, staging := at("eu-west-1"), at("Fridays"), at("db-stg-02")
	if region < 0 || fridays < 0 || staging < 0 {
		t.Fatalf("project lists %q", listed)
	}
	if region > fridays {
		t.Errorf("project lists %q: the replacing fact must come before the rule", listed)
	}
	if staging < fridays {
		t.Errorf("project lists %q: a fact worded as a change goes after the area's rules", listed)
	}
}

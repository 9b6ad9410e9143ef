package builtin

import "testing"

// Ensure that a change said of what a later part of a claim is about
// changes that part, whatever the claim's first part was about, and
// leaves the rest of the claim as it was; and that a statement about
// something else leaves the claim alone.
func TestChangeOfALaterPart(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"english, sent through",
			[]string{"the wiki is on Notion, invoices are sent through Xero"},
			[]string{"invoices are sent through Sage now"},
			[]string{"Xero"}, []string{"Sage", "Notion"}},
		{"french, leave for",
			[]string{"on déploie avec Ansible, les sauvegardes partent sur Backblaze"},
			[]string{"les sauvegardes partent sur Wasabi maintenant"},
			[]string{"Backblaze"}, []string{"Wasabi", "Ansible"}},
		{"spanish, go out through",
			[]string{"el código está en GitLab, las alertas salen por Slack"},
			[]string{"las alertas salen por Teams ahora"},
			[]string{"Slack"}, []string{"Teams", "GitLab"}},
		{"another subject",
			[]string{"the wiki is on Notion, invoices are sent through Xero"},
			[]string{"payslips are sent through Sage now"},
			nil, []string{"Xero", "Sage", "Notion"}},
	})
}

// Ensure that "X isn't on V anymore" ends V for X alone: the claim of X
// loses it, another thing said to be on V keeps it, and the new claim
// does not name V again.
func TestPlaceLeftAnymore(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"one part of three",
			[]string{"staging is on render.com, prod runs on hetzner, deployed with kamal"},
			[]string{"staging isn't on render.com anymore, it's on staging-02 now."},
			[]string{"render.com"}, []string{"staging-02", "hetzner"}},
		{"moved, said why",
			[]string{"the docs site is on render.com"},
			[]string{"the docs site isn't on render.com anymore, we moved it to netlify."},
			[]string{"render.com"}, []string{"netlify"}},
		{"another thing on the same host",
			[]string{"the docs site is on render.com", "the status page runs on render.com too"},
			[]string{"the docs site isn't on render.com anymore, it's on netlify now."},
			[]string{"docs site is on render.com"}, []string{"netlify", "status page runs on render.com"}},
	})
}

// Ensure that a word of assent or hesitation opening a statement ("yeah",
// "ouais") is no part of its subject, so a later change of that subject
// finds it.
func TestFillerOpensNoSubject(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"yeah",
			[]string{"yeah images go through Cloudinary, keep that helper"},
			[]string{"images go through the Vercel image optimizer now."},
			[]string{"Cloudinary"}, []string{"Vercel"}},
		{"ouais",
			[]string{"ouais les factures partent par Pennylane"},
			[]string{"les factures partent par Qonto maintenant"},
			[]string{"Pennylane"}, []string{"Qonto"}},
	})
}

// Ensure that an answer changing what a "still …?" question named
// replaces the claim that held it, and that the question the new claim
// quotes no longer names the old value: a name when the answer gives
// another name or tool, a time asked about when the answer asks for
// another time.
func TestStillQuestionAnsweredWithAChange(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"another tool",
			[]string{"alerts go through PagerDuty"},
			[]string{"A:Do alerts still go through PagerDuty?", "no, Opsgenie now"},
			[]string{"PagerDuty"}, []string{"Opsgenie"}},
		{"a time, asked to switch",
			[]string{"the waitlist emails go out at 07:00"},
			[]string{"A:Do the waitlist emails still go out at 07:00?", "switch them to 18:00"},
			[]string{"07:00"}, []string{"18:00"}},
		{"a time, asked to switch, am and pm",
			[]string{"the digest goes out at 7am"},
			[]string{"A:Does the digest still go out at 7am?", "move it to 6pm"},
			[]string{"7am"}, []string{"6pm"}},
		{"the subject a name, the answer a version",
			[]string{"Postgres runs version 14 on the reporting box"},
			[]string{"A:Is Postgres still on 14 on the reporting box?", "no, 16 now"},
			nil, []string{"Postgres", "16"}},
	})
}

// Ensure that "X does it now, Y handed it over" ends what Y was said to
// do, and leaves what else memory says of Y.
func TestHandedItOver(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a duty handed over, said after the new holder",
			[]string{"Olek Nowak is the release manager, only he pushes tags.", "the mac runner is the Mac mini in Olek's flat"},
			[]string{"Damilola does the releases now, Olek handed it over last month"},
			[]string{"Olek Nowak is"}, []string{"Damilola", "Olek's flat"}},
		{"passed on",
			[]string{"Greta runs the payroll export every month"},
			[]string{"Malik runs the payroll export now, and Greta passed it on in May"},
			[]string{"Greta runs"}, []string{"Malik"}},
	})
}

// Ensure that a release said beside the file that pins it ("bump go.mod",
// ".nvmrc") is a release of that file's product and replaces the one
// memory holds, and that a pin file of another product replaces nothing.
func TestReleaseNamedByItsPinFile(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"go.mod, the release before the file",
			[]string{"we're on Go 1.22 everywhere, keep it that way"},
			[]string{"we moved to 1.23 last sprint, please bump go.mod and ci/Dockerfile."},
			[]string{"1.22"}, []string{"1.23"}},
		{".nvmrc, a bare major",
			[]string{"the web app runs on Node 20"},
			[]string{"bumped .nvmrc to 22 yesterday"},
			[]string{"Node 20"}, []string{"22"}},
		{"another product's pin file",
			[]string{"the web app runs on Node 20"},
			[]string{"bumped .python-version to 3.13 yesterday"},
			nil, []string{"Node 20", "3.13"}},
	})
}

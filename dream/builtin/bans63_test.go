package builtin

import "testing"

// Ensure that a ban withdrawn by name ("scratch the Storybook ban", "the
// ban on Friday deploys", "Storybook の禁止は撤回", "前回言っていた
// Storybook 禁止の件", "l'interdiction de Storybook, c'est fini") ends
// the claim that forbade the thing, however the claim said it (a Japanese
// verb said not to be done as a policy, a French "n'… pas"), with the
// reason it gave for the ban; and that what else memory holds stays.
func TestBanWithdrawnByName(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, the matter of the ban withdrawn",
			[]string{"Addressables は使わない方針です、ビルドパイプラインが複雑になるので。", "リリースは毎週木曜日の17時です。"},
			[]string{"Addressables 禁止の件は撤回します。"},
			[]string{"使わない", "ビルドパイプライン"}, []string{"木曜"}},
		{"Japanese, the ban withdrawn",
			[]string{"Storybook は使わない方針です、ビルドが遅くなるので。", "リリースは毎週木曜日の17時です。"},
			[]string{"Storybook の禁止は撤回します。"},
			[]string{"使わない"}, []string{"木曜"}},
		{"Japanese, said before, among other news",
			[]string{"Storybook は使わない方針です、ビルドが遅くなるので。", "リリースは毎週木曜日の17時です。"},
			[]string{"先週 Node 22 に上げました。あと、前回言っていた Storybook 禁止の件は撤回します。デザインで必要になったので。"},
			[]string{"使わない"}, []string{"木曜"}},
		{"English, scratch the ban",
			[]string{"We don't use Storybook here, it slows the build too much.", "No deploys on Fridays, the on-call is thin."},
			[]string{"Scratch the Storybook ban, design needs it for the new components."},
			[]string{"Storybook here"}, []string{"No deploys on Fridays"}},
		{"English, the ban on a thing",
			[]string{"No deploys on Fridays, the on-call is thin.", "We don't use Storybook here, it slows the build too much."},
			[]string{"drop the ban on Friday deploys, we have two people on call now."},
			[]string{"No deploys"}, []string{"Storybook here"}},
		{"French, n'… pas",
			[]string{"On n'utilise pas Storybook, le build devient trop lent.", "Les mises en prod se font le jeudi à 14 h."},
			[]string{"L'interdiction de Storybook, c'est fini : le design en a besoin."},
			[]string{"pas Storybook"}, []string{"le jeudi"}},
	})
}

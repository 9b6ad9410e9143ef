package halves

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/memcorpus"
)

// memfsBinary builds the memfs command into a directory of the test's and
// returns its path. It is built without the race detector: the halves
// exercise what memory keeps, not concurrency, and run two to three times
// faster so.
func memfsBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "memfs")
	if out, err := exec.Command("go", "build", "-o", bin, "../../../cmd/memfs").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	return bin
}

// Ensure that the memory built from each half of the memory corpus, through
// the memfs command with the default (builtin) dreamer, keeps the ground it
// has reached (floors below), and log how far it is from the goals of issues
// 21 and 22 (at least 90% of the facts in `memfs context`, at least 75% in
// every language, no distractor in any file of the memory, and every update
// and retraction resolved), which are not all met yet. Every half present is
// run; a checkout without any half fails.
//
// What each half measures with the current rules is in the README's memory
// table, refreshed each stop (the held-out half as counts only); this
// comment keeps why each floor sits where it does. The goals are still
// missed on every half but dev: every update and retraction on the tuning
// halves and the held-out one (issue 22), and the facts in the context of
// dev7 onwards.
//
// Baseline of the builtin dreamer before the recognizer of issue 21 (dev
// half, 2026-12-01): 6 of 98 facts in the context (6%), 8 in pages.
//
// The context was cut from 16 KiB to 9,400 bytes in stop 65, so that the
// whole message reaches the model in Claude Code and Codex (see
// wiki.InlineLimit), and its areas now share the room in turn. The floors
// that depend on what the context shows (facts in it, by language and by
// category, updates and retractions) were measured again then, on every
// half, 0.03 under what each showed; pages and distractors kept out were
// left where they were. The figures in the comments below are those of
// the 16 KiB context.
//
// In stop 67 the builtin began listing each area's facts that say what
// changed before its other facts (rankKey), a trade measured on every
// half: updates resolved 1,108 -> 1,291 of 1,938, facts in the context
// 3,067 -> 3,084, withdrawals 1,181 -> 1,165, and answers shown fewer
// (prose 152 -> 116, question tools 231 -> 172). The floors of each
// half that the trade broke were measured again, 0.03 under what it
// showed, and so were the updates floors, now higher on most halves.
// The held-out half, measured after the change as counts only, resolved
// 6/7 updates (5/7 before) and showed 56/109 facts (59), German 5/14:
// its updates floor rose and its language floor fell to match.
//
// corpusFloors are the shares each half must keep, a little under what was
// measured (see TestMemoryCorpus), so that a change losing ground fails:
// facts in pages and in the context, distractors kept out, the facts of
// each language in the context (the goal where a half reaches it),
// the facts of each category in the context, and the updates and
// retractions resolved.
//
// dev4, written after tuning on dev, dev2 and dev3, measured untouched:
// 94/114 in the context, 96/114 in pages, 88/89 kept out.
//
// dev5, written after tuning on dev..dev4 with changes as its main content,
// measured untouched (2026-12-02, rules version 5): 63/75 in the context,
// 64/75 in pages, 69/78 kept out, updates 11/29, retractions 8/19; its
// weakest language (de, 6/9) and categories (convention 4/6, team 6/9) sit
// under the shared floors, so it has its own a little under them.
//
// dev6, written after tuning on dev..dev5, change-heavy in new domains,
// measured untouched (2026-12-02, rules as of 5f614cf and again at 13b9fa5,
// the same): 51/61 in the context,
// 51/61 in pages, 53/57 kept out, updates 14/26, retractions 7/18; its
// weakest language (ja, 5/7) and category (project, 12/18) sit under the
// shared floors, so it has its own a little under them.
// dev7 and dev8, written at the same time by two writers who read neither
// the rules nor each other, change-heavy in new domains, measured untouched
// (2026-12-02, rules as of 6a5cabf): dev7 25/32 current facts in the
// context, 53/58 kept out, updates 9/28, retractions 8/20; dev8 43/53,
// 53/57, updates 6/28, retractions 12/21. After tuning on them (same day,
// 2fe259f): dev7 25/32, 54/58, updates 22/28, retractions 15/20; dev8
// 43/53, 54/57, updates 16/28, retractions 17/21. Their weakest language
// (dev7 zh, 1/3) and category (dev7 preferences, 2/7) sit under the shared
// floors, so they have their own.
//
// dev9 and dev10, written at the same time by two more writers the same
// way, after the tuning on dev8 (new domains, users who dictate, write
// tersely or formally, changes in pasted messages and questions asked
// again), measured untouched (2026-12-02, on cc6411f and again with the
// rules of ccc3cd2, tuned on dev7 and dev8 only, the same): dev9 97/141, 59/67, updates 14/32, retractions
// 9/22; dev10 91/138, 85/97, updates 13/31, retractions 11/20. After
// tuning on them: dev9 102/141, 59/67, 20/32, 18/22; dev10 95/138, 85/97,
// 18/31, 15/20. Their figures sit under the shared floors, so they have
// their own.
//
// dev11 and dev12, written side by side by two more writers after the
// tuning on dev10, with changes as their main content over long use (61
// and 62 updates, 33 and 32 withdrawals, values changed twice, withdrawn
// rules coming back in a new form), measured untouched (2026-12-02, on
// 0483bc1): dev11 83/140 in the context, 72/79 kept out, updates 29/61,
// retractions 13/33; dev12 86/147, 73/78, 20/62, 18/32. Their memory is
// larger than the 16 KiB context (110 and 108 facts in pages), and their
// figures sit under the shared floors, so they have their own.
//
// dev13 and dev14, written side by side by two more writers after the
// tuning on dev12, about changes said the ordinary ways (32 and 36
// updates, 22 and 25 withdrawals), measured untouched (2026-12-02, on
// 3d143be): dev13 89/129 in the context, 70/81 kept out, updates 17/32,
// retractions 12/22; dev14 104/135, 63/68, 18/36, 12/25. Tuned on them
// (2026-12-02, rules version 6): dev13 90/129, 70/81, 19/32, 18/22; dev14
// 105/135, 63/68, 22/36, 19/25; dev11 89/140, 73/79, 35/61, 17/33. The
// dev12 category floor is under one of its five answers: a line moving
// across the context cut moves that category by 20 points.
//
// dev15 and dev16, written side by side by two more writers after the
// tuning on dev14 (dev15 about changes over long use, 33 updates and 22
// withdrawals; dev16 a year's plain facts said in passing with 26 updates
// and 18 withdrawals), measured untouched (2026-12-02, on a09ebc2): dev15
// 94/123 in the context, 86/96 kept out, updates 18/33, retractions 12/22;
// dev16 108/153, 79/89, 11/26, 9/18. The rules tuned on dev13 and dev14
// that day (3af7af9, 16c7c0c) left both where they were but one distractor
// of dev16: they had fitted what they were tuned on. Tuned on them the
// same day (rules version 7): dev15 99/123, 86/96, 24/33, 16/22; dev16
// 110/153, 80/89, 17/26, 9/18.
//
// dev17 and dev18, written side by side by two more writers after the
// tuning on dev16 (dev17 where change is the point, 41 updates and 26
// withdrawals; dev18 a small team's ordinary months in 42 short sessions,
// 37 updates and 21 withdrawals), measured untouched (2026-12-02, on
// 5885109): dev17 73/103 in the context, 59/64 kept out, updates 17/41,
// retractions 15/26; dev18 79/100, 57/59, 18/37, 13/21. Tuned on them
// the same day (rules version 9): dev17 81/103, 59/64, 21/41, 14/26; dev18
// 80/100, 57/59, 21/37, 14/21. dev17's confirmations (2 of 10 in the
// context) sit under every shared category floor.
//
// dev7's retraction floor is 0.65 since a person who leaves takes only
// their part of a claim (the builtin test "who left goes, a rule said
// beside them stays"): the harvest rule said beside a departure used to go with it,
// which counted as the later "l'interdiction de migrer pendant la récolte,
// c'est terminé" resolved. That withdrawal names the rule in other words
// (récolte for vendanges), which memory does not match yet: 14/20.
// dev2's update floor is 0.9 since Japanese 毎週 is read as how often
// (rules version 11): "ステージングのデプロイは毎週水曜" is now heard as a
// fact of its own, and the change "ステージングへの反映日は金曜日に変わりま
// した" names its subject in other words (反映日 for デプロイ), which
// memory does not match yet: 11/12.
//
// dev19 and dev20 were written side by side after the tuning on dev17
// and dev18 and measured untouched first (rules version 10): dev19
// 91/121 in the context, 69/73 kept out, updates 13/33, retractions
// 9/22; dev20 67/90, 59/63, 11/30, 11/26. The rules this stop wrote
// before reading them (periods, words of other languages, labels) moved
// them by one update. Tuned on them (rules version 11): dev19 93/121,
// 69/73, 19/33, 9/22; dev20 68/90, 59/63, 13/30, 14/26.
//
// dev21 and dev22 were written side by side this stop, blind to the rules
// and to every other half, and measured untouched first (rules version
// 11): dev21 67/85 in the context, 71/75 kept out, updates 14/30,
// retractions 10/24; dev22 84/113, 67/69, 14/36, 9/24. The first rules of
// this stop, written before reading them (precision of replacement,
// hypotheticals), moved them by one fact and one distractor. Tuned on them
// (rules version 12): dev21 69/85, 71/75, 15/30, 13/24; dev22 87/113,
// 68/69, 16/36, 16/24.
//
// dev23 and dev24 were written side by side the next stop, blind to the
// rules and to every other half, and measured untouched first (rules
// version 12): dev23 79/123 in the context, 60/68 kept out, updates 14/36,
// retractions 11/24; dev24 101/153, 74/77, 17/33, 15/25. The first rules of
// that stop, handovers written from the earlier halves before reading
// them, moved dev24 by two facts and a withdrawal and dev23 not at all.
// Tuned on them (rules version 13): dev23 86/123, 60/68, 21/36, 15/24;
// dev24 106/153, 74/77, 21/33, 16/25.
//
// dev25 and dev26 were written side by side the next stop, blind to the
// rules and to every other half, and measured untouched first (rules
// version 13): dev25 99/126 in the context, 69/72 kept out, updates 10/25,
// retractions 14/32; dev26 85/133, 60/70, 17/30, 6/20. The first rule of
// that stop, written before reading them (a measure said over is the claim
// that is it), moved dev25 by two withdrawals and dev26 by one. Tuned on
// them (rules version 14): dev25 99/126, 69/72, 11/25, 21/32; dev26
// 87/133, 60/70, 19/30, 8/20.
//
// dev27 and dev28 were written side by side the stop after, blind in the
// same way, and measured untouched first (rules version 14): dev27 103/149
// in the context, 70/75 kept out, updates 20/34, retractions 16/25; dev28
// 74/125, 67/71, 16/30, 10/25. The floors are set from the figures after
// tuning on them (rules version 15), a little under, since two runs of
// the pipeline may differ by one item where the 16 KiB context cuts.
// A run under heavy load (two race-enabled suites at once) showed dev24
// at 2 of its 7 answers in the context where quiet runs show 3: its
// category floor is 0.28, under one item's drift.
//
// dev29 and dev30 were written side by side the stop after, blind in the
// same way, and measured untouched first (rules version 15): dev29 86/122
// in the context, 64/71 kept out, updates 25/37, retractions 18/30; dev30
// 103/155, 67/70, 9/30, 10/24. The floors are set from the figures after
// tuning on them (rules version 16), a little under. Limits stated are
// kept from then on: a few updates on dev5, dev6 and dev14 that counted
// as resolved only while their old value went unheard are not now, and
// their floors sit under that.
//
// dev31 and dev32 were written side by side the stop after, blind in the
// same way, one stressing withdrawals and the other updates, and measured
// untouched first (rules version 16): dev31 72/113 in the context, 55/70
// kept out, updates 10/25, retractions 17/35; dev32 109/149, 61/69, 19/37,
// 10/25. The floors are set from the figures after tuning on them (rules
// version 17), a little under. Periods said before what holds during them
// are kept from then on, so two claims that were not heard before are now
// held and not withdrawn: dev8's year-end freeze and dev29's PCI audit
// (dev29's retraction floor 0.63 → 0.6); a stale answer that named a word
// of one of dev22's confirmations left the context with its update
// (dev22's category floor 0.4 → 0.28).
//
// dev37 was written blind, change-heavy, and measured untouched first
// (rules version 26, 2026-12-04): 79/151 in the context, 122/151 in
// pages, 73/80 kept out, updates 21/36, retractions 24/30; none of its
// five answers given through a question tool reached the context (the
// context shows the first 14 KiB of a 22 KiB index.md), so its category
// floor is 0. Its floors sit a little under those figures until it is
// tuned on. dev38 likewise (rules version 28, 2026-12-04): 85/149 in the
// context, 118/149 in pages, 67/79 kept out, updates 20/35, retractions
// 22/31.
//
// dev39 was written blind the stop after (six new domains, 161 current
// facts, 34 updates, 30 withdrawals) and measured untouched first (rules
// version 29, 2026-12-04): 74/161 in the context, 131/161 in pages, 65/78
// kept out, updates 17/34, retractions 21/30; the context shows 14 KiB
// of a 23 KiB index.md, so its French facts (5/19) and answers given
// through a question tool (3/15) sit far under the others. The rules of
// that stop (version 31), tuned on the older halves, moved it to 76/161
// and 18/34 updates. Its floors sit a little under the untouched figures
// until it is tuned on.
//
// dev40 was written blind beside that stop's tuning (six more new
// domains, 143 current facts, 34 updates, 29 withdrawals) and measured
// untouched with the stop's rules (version 31, 2026-12-04): 72/143 in the
// context, 105/143 in pages, 60/79 kept out, updates 16/34, retractions
// 10/29; one of its ten preferences reached the context, so its category
// floor is 0. Its floors sit a little under those figures (the stop's
// last commits, tuned on three of its withdrawals and on quoted documents,
// moved it to 77/143, 66/79 and 14/29).
//
// dev41 was written blind at the start of the stop after (six more new
// domains, 152 current facts, 35 updates, 30 withdrawals) and measured
// untouched with the rules that stop began with (version 33, 2026-12-05):
// 78/152 in the context, 116/152 in pages, 64/75 kept out, updates 17/35,
// retractions 25/30; four of its five quoted documents were kept, and
// only 4 of its 14 answers through a question tool reached the context.
// Its floors sit a little under those figures (the stop's rules, tuned on
// its changes run alone and on its quoted documents, moved it to 83/152,
// 67/75, 23/35 and 28/30).
//
// dev42 was written blind at the start of the stop after (six more new
// domains, 180 current facts, 36 updates, 30 withdrawals) and measured
// untouched with the rules that stop began with (version 34, 2026-12-05):
// 73/180 in the context, 140/180 in pages, 57/75 kept out, updates 16/36,
// retractions 18/30; twelve of its updates are a value the agent worked
// out and the user confirmed by saying it again ("Yes, Wednesday."). Its
// floors sit a little under the stop's final figures (88/180, 148/180,
// 67/75, 23/36 and 22/30).
//
// dev43 was written blind at the start of the stop after (six more new
// domains, 180 current facts, 77 distractors, 36 updates, 30
// withdrawals) and measured untouched with the rules that stop began with
// (version 35, 2026-12-05): 80/180 in the context, 144/180 in pages, 62/77
// kept out, updates 17/36, retractions 17/30; many of its changes are a
// value the agent checked back ("Is that right?", "…で合っていますか？")
// and the user said again. Its floors sit a little under the stop's final
// figures (83/180, 148/180, 66/77, 20/36 and 22/30); answers and team
// facts are cut from its 16 KiB context more than any other kind.
//
// dev44 was written blind at the start of the stop after (six more new
// domains, 177 current facts, 77 distractors, 41 updates, 35
// withdrawals) and measured untouched with the rules that stop began with
// (version 36, 2026-12-05): 102/177 in the context, 131/177 in pages,
// 65/77 kept out, updates 24/41, retractions 19/35. Its floors sit a
// little under the stop's final figures (106/177, 131/177, 68/77, 31/41
// and 22/35); its preferences and French facts are cut from its 16 KiB
// context most.
//
// dev45 and dev46 were written blind at the start of the stop after, by
// two writers who read neither the rules nor each other's work (dev45:
// six new domains, 177 current facts, 75 distractors, 43 updates, 36
// withdrawals; dev46, dense in changes: five new domains, 111 current
// facts, 60 distractors, 44 updates, 34 withdrawals) and measured
// untouched with the rules that stop began with (version 37,
// 2026-12-05): dev45 83/177 in the context, 140/177 in pages, 65/75 kept
// out, updates 21/43, retractions 21/36; dev46 69/111, 86/111, 50/60,
// 25/44, 22/34. Their floors sit a little under the stop's final figures
// (dev45 89/177, 144/177, 65/75, 25/43, 25/36; dev46 72/111, 89/111,
// 50/60, 28/44, 25/34); both hold more than their 16 KiB context shows,
// dev45's German facts most of all. dev43's German floor went from 0.33
// to 0.32 that stop: one more of its German answers is in index.md but
// below the context's cut.
//
// dev47 and dev48 were written blind at the start of the stop after, the
// same way (dev47: six new domains, 118 current facts, 75 distractors, 51
// updates, 35 withdrawals; dev48: six new domains, 134 current facts, 74
// distractors, 41 updates, 35 withdrawals, with changes inferred from
// events), and measured untouched with the rules that stop began with
// (version 38, 2026-12-05): dev47 80/118 in the context, 89/118 in pages,
// 63/75 kept out, updates 23/51, retractions 20/35; dev48 80/134, 105/134,
// 67/74, 14/41, 16/35. Their floors sit a little under the stop's final
// figures (dev47 82/118, 92/118, 63/75, 28/51, 22/35; dev48 84/134,
// 107/134, 67/74, 20/41, 19/35). dev45's category floor went from 0.35
// to 0.3 that stop: a preference and a confirmation of it are in
// index.md but below its context's cut, where a claim cut in two by a
// change moved to a page of its own.
//
// dev49 and dev50 were written blind at the start of the stop after that,
// the same way (dev49: six new domains, 128 current facts, 80
// distractors, 50 updates, 32 withdrawals, with changes said in other
// words than the fact; dev50: six new domains, 140 current facts, 79
// distractors, 41 updates, 30 withdrawals, in long sessions, with rules
// held while a cause lasts), and measured untouched with the rules that
// stop began with (version 39, 2026-12-05): dev49 90/128 in the context,
// 98/128 in pages, 77/80 kept out, updates 18/50, retractions 15/32;
// dev50 85/140, 114/140, 65/79, 22/41, 16/30. Their floors sit a little
// under the stop's final figures (dev49 96/128, 103/128, 77/80, 22/50,
// 16/32; dev50 95/140, 113/140, 76/79, 23/41, 17/30).
//
// dev51 and dev52 were written blind at the start of the stop after that,
// the same way (dev51: six new domains, 139 current facts, 79
// distractors, 45 updates, 32 withdrawals, with changes said without the
// old words and rules held for a period that runs out; dev52: six new
// domains, 143 current facts, 79 distractors, 45 updates, 32 withdrawals,
// in long messy sessions), and measured untouched with the rules that
// stop began with (version 40, 2026-12-05): dev51 80/139 in the context,
// 98/139 in pages, 71/79 kept out, updates 23/45, retractions 19/32;
// dev52 57/143, 105/143, 70/79, 16/45, 24/32. Their floors sit a little
// under the stop's final figures (dev51 83/139, 103/139, 71/79, 23/45,
// 23/32; dev52 56/143, 104/143, 70/79, 17/45, 23/32): dev52 holds far
// more in its pages than its 16 KiB context shows. dev45's update floor
// went from 0.55 to 0.53 that stop: three of its changes resolve only
// while the new value is in the context, and claims newly heard moved it
// below the cut; each resolves with its two sessions run alone.
//
// dev53 and dev54 were written blind at the start of the stop after that,
// the same way, both about software teams at work with coding agents
// (dev53: six software projects, 123 current facts, 78 distractors, 41
// updates, 30 withdrawals; dev54: terse developers who correct
// themselves, 129 current facts, 75 distractors, 42 updates, 30
// withdrawals), and measured untouched with the rules that stop began
// with (version 41, 2026-12-06): dev53 84/123 in the context, 103/123 in
// pages, 73/78 kept out, updates 20/41, retractions 13/30; dev54 89/129,
// 93/129, 70/75, 17/42, 15/30. Their floors sit a little under the stop's
// final figures (dev53 92/123, 105/123, 73/78, 23/41, 22/30; dev54
// 90/129, 95/129, 70/75, 19/42, 25/30). dev53's category floor is 0.4:
// three of its seven preferences are in the context, one more moving
// across the cut as claims come and go. dev54's category floor is 0: its
// confirmations are agreements to tasks of the moment ("yes add
// cookie.test.ts"), which memory does not keep.
//
// dev55 and dev56 were written blind at the start of the stop after that
// (dev55: long tool-heavy sessions of one developer's six projects,
// durable facts rare and leaning on preferences, people and answers; 126
// current facts, 72 distractors, 42 updates, 30 withdrawals; dev56: the
// same memory said in other words or languages over a year at a small
// agency, 127 current facts, 77 distractors, 40 updates, 30 withdrawals)
// and measured untouched with the rules that stop began with (version
// 42, 2026-12-06): dev55 78/126 in the context, 98/126 in pages, 64/72
// kept out, updates 18/42, retractions 21/30; dev56 80/127, 104/127,
// 70/77, 18/40, 17/30. Their floors sit a little under the stop's final
// figures (dev55 86/126, 110/126, 64/72, 24/42, 21/30; dev56 87/127,
// 108/127, 70/77, 24/40, 24/30): both index more than their 16 KiB
// context shows, so claims move across the cut as others come and go.
var corpusFloors = map[string]struct{ pages, context, keptOut, lang, category, updates, retractions float64 }{
	"dev":   {pages: 0.97, context: 0.61, keptOut: 1, lang: 0.35, category: 0.33, updates: 0.97, retractions: 0.97},
	"dev2":  {pages: 0.97, context: 0.65, keptOut: 0.98, lang: 0.47, category: 0.3, updates: 0.97, retractions: 0.87},
	"dev3":  {pages: 0.91, context: 0.45, keptOut: 0.98, lang: 0.32, category: 0.12, updates: 0.97, retractions: 0.97},
	"dev4":  {pages: 0.9, context: 0.56, keptOut: 0.98, lang: 0.47, category: 0.11, updates: 0.97, retractions: 0.97},
	"dev5":  {pages: 0.88, context: 0.66, keptOut: 0.86, lang: 0.51, category: 0.19, updates: 0.86, retractions: 0.91},
	"dev6":  {pages: 0.88, context: 0.93, keptOut: 0.9, lang: 0.82, category: 0.8, updates: 0.97, retractions: 0.8},
	"dev7":  {pages: 0.75, context: 0.47, keptOut: 0.9, lang: 0.22, category: 0.13, updates: 0.86, retractions: 0.72},
	"dev8":  {pages: 0.8, context: 0.46, keptOut: 0.92, lang: 0.11, category: 0.24, updates: 0.79, retractions: 0.82},
	"dev9":  {pages: 0.72, context: 0.4, keptOut: 0.85, lang: 0.23, category: 0.13, updates: 0.9, retractions: 0.83},
	"dev10": {pages: 0.72, context: 0.36, keptOut: 0.85, lang: 0.28, category: 0.08, updates: 0.67, retractions: 0.77},
	"dev11": {pages: 0.75, context: 0.33, keptOut: 0.88, lang: 0.2, category: 0.07, updates: 0.64, retractions: 0.3},
	"dev12": {pages: 0.68, context: 0.29, keptOut: 0.9, lang: 0.13, category: 0.13, updates: 0.5, retractions: 0.84},
	"dev13": {pages: 0.7, context: 0.42, keptOut: 0.84, lang: 0.27, category: 0, updates: 0.84, retractions: 0.87},
	"dev14": {pages: 0.76, context: 0.45, keptOut: 0.9, lang: 0.22, category: 0.2, updates: 0.88, retractions: 0.89},
	"dev15": {pages: 0.8, context: 0.41, keptOut: 0.87, lang: 0.03, category: 0.11, updates: 0.81, retractions: 0.78},
	"dev16": {pages: 0.74, context: 0.38, keptOut: 0.87, lang: 0.24, category: 0.19, updates: 0.73, retractions: 0.58},
	"dev17": {pages: 0.78, context: 0.54, keptOut: 0.88, lang: 0.35, category: 0.05, updates: 0.84, retractions: 0.73},
	"dev18": {pages: 0.78, context: 0.62, keptOut: 0.93, lang: 0.4, category: 0.17, updates: 0.75, retractions: 0.77},
	"dev19": {pages: 0.77, context: 0.44, keptOut: 0.93, lang: 0.26, category: 0.1, updates: 0.72, retractions: 0.74},
	"dev20": {pages: 0.74, context: 0.69, keptOut: 0.92, lang: 0.51, category: 0.25, updates: 0.83, retractions: 0.85},
	"dev21": {pages: 0.78, context: 0.61, keptOut: 0.92, lang: 0.43, category: 0.3, updates: 0.87, retractions: 0.59},
	"dev22": {pages: 0.79, context: 0.47, keptOut: 0.97, lang: 0.27, category: 0.11, updates: 0.8, retractions: 0.72},
	"dev23": {pages: 0.76, context: 0.4, keptOut: 0.84, lang: 0.3, category: 0.09, updates: 0.66, retractions: 0.72},
	"dev24": {pages: 0.77, context: 0.37, keptOut: 0.92, lang: 0.24, category: 0.04, updates: 0.66, retractions: 0.81},
	"dev25": {pages: 0.8, context: 0.47, keptOut: 0.93, lang: 0.28, category: 0, updates: 0.81, retractions: 0.68},
	"dev26": {pages: 0.74, context: 0.38, keptOut: 0.83, lang: 0.29, category: 0, updates: 0.8, retractions: 0.82},
	"dev27": {pages: 0.79, context: 0.35, keptOut: 0.9, lang: 0.15, category: 0, updates: 0.76, retractions: 0.73},
	"dev28": {pages: 0.63, context: 0.4, keptOut: 0.92, lang: 0.33, category: 0, updates: 0.77, retractions: 0.69},
	"dev29": {pages: 0.8, context: 0.44, keptOut: 0.88, lang: 0.27, category: 0.19, updates: 0.8, retractions: 0.73},
	"dev30": {pages: 0.73, context: 0.42, keptOut: 0.94, lang: 0.09, category: 0, updates: 0.73, retractions: 0.76},
	"dev31": {pages: 0.77, context: 0.43, keptOut: 0.81, lang: 0.32, category: 0.09, updates: 0.77, retractions: 0.82},
	"dev32": {pages: 0.83, context: 0.41, keptOut: 0.94, lang: 0.35, category: 0.17, updates: 0.69, retractions: 0.89},
	"dev33": {pages: 0.62, context: 0.29, keptOut: 0.8, lang: 0.15, category: 0, updates: 0.43, retractions: 0.74},
	"dev34": {pages: 0.78, context: 0.35, keptOut: 0.9, lang: 0.2, category: 0, updates: 0.83, retractions: 0.77},
	"dev35": {pages: 0.7, context: 0.34, keptOut: 0.87, lang: 0.09, category: 0, updates: 0.82, retractions: 0.75},
	"dev36": {pages: 0.78, context: 0.44, keptOut: 0.86, lang: 0.33, category: 0, updates: 0.78, retractions: 0.82},
	"dev37": {pages: 0.78, context: 0.27, keptOut: 0.88, lang: 0.06, category: 0, updates: 0.72, retractions: 0.87},
	"dev38": {pages: 0.75, context: 0.25, keptOut: 0.82, lang: 0.11, category: 0, updates: 0.77, retractions: 0.84},
	"dev39": {pages: 0.78, context: 0.2, keptOut: 0.8, lang: 0.12, category: 0.08, updates: 0.61, retractions: 0.73},
	"dev40": {pages: 0.7, context: 0.28, keptOut: 0.72, lang: 0.1, category: 0, updates: 0.58, retractions: 0.76},
	"dev41": {pages: 0.74, context: 0.29, keptOut: 0.82, lang: 0.2, category: 0.04, updates: 0.65, retractions: 0.9},
	"dev42": {pages: 0.78, context: 0.24, keptOut: 0.8, lang: 0.07, category: 0.11, updates: 0.72, retractions: 0.73},
	"dev43": {pages: 0.8, context: 0.21, keptOut: 0.83, lang: 0.13, category: 0, updates: 0.58, retractions: 0.8},
	"dev44": {pages: 0.72, context: 0.35, keptOut: 0.85, lang: 0.16, category: 0.04, updates: 0.72, retractions: 0.74},
	"dev45": {pages: 0.78, context: 0.28, keptOut: 0.84, lang: 0.17, category: 0.07, updates: 0.55, retractions: 0.83},
	"dev46": {pages: 0.78, context: 0.37, keptOut: 0.8, lang: 0.2, category: 0, updates: 0.67, retractions: 0.79},
	"dev47": {pages: 0.74, context: 0.41, keptOut: 0.8, lang: 0.22, category: 0.13, updates: 0.63, retractions: 0.65},
	"dev48": {pages: 0.76, context: 0.32, keptOut: 0.86, lang: 0.15, category: 0.07, updates: 0.57, retractions: 0.77},
	"dev49": {pages: 0.78, context: 0.36, keptOut: 0.94, lang: 0.2, category: 0, updates: 0.59, retractions: 0.53},
	"dev50": {pages: 0.77, context: 0.41, keptOut: 0.94, lang: 0.15, category: 0.02, updates: 0.57, retractions: 0.7},
	"dev51": {pages: 0.72, context: 0.27, keptOut: 0.87, lang: 0.15, category: 0.11, updates: 0.48, retractions: 0.72},
	"dev52": {pages: 0.7, context: 0.19, keptOut: 0.86, lang: 0.08, category: 0.08, updates: 0.32, retractions: 0.59},
	"dev53": {pages: 0.82, context: 0.4, keptOut: 0.9, lang: 0.26, category: 0, updates: 0.6, retractions: 0.8},
	"dev54": {pages: 0.7, context: 0.47, keptOut: 0.9, lang: 0.18, category: 0, updates: 0.56, retractions: 0.73},
	"dev55": {pages: 0.84, context: 0.36, keptOut: 0.86, lang: 0.23, category: 0, updates: 0.61, retractions: 0.67},
	"dev56": {pages: 0.82, context: 0.37, keptOut: 0.87, lang: 0.11, category: 0, updates: 0.59, retractions: 0.83},
	"test":  {pages: 0.91, context: 0.5, keptOut: 0.98, lang: 0.32, category: 0.12, updates: 0.82, retractions: 0.8},
}

func TestMemoryCorpus(t *testing.T) {
	bin := memfsBinary(t)
	ran := 0
	for _, half := range memcorpus.Halves {
		dir := filepath.Join("..", "testdata", half)
		if _, err := os.Stat(filepath.Join(dir, "corpus.json")); errors.Is(err, os.ErrNotExist) {
			continue
		}
		ran++
		t.Run(half, func(t *testing.T) {
			// A half's memory does not depend on what runs beside it (the
			// context's cut does not depend on path lengths since
			// wiki.RenderContext works it out with stand-ins), so the halves
			// share the machine's cores.
			t.Parallel()
			corpus, err := memcorpus.Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			r, err := memcorpus.Run(t.Context(), corpus, memcorpus.Command(bin, filepath.Join(work, "home")), work)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", r)
			for _, s := range r.Shortfalls() {
				t.Logf("%s half, goal not met yet: %s", half, s)
			}
			f, ok := corpusFloors[half]
			if !ok {
				t.Fatalf("no floors for half %s", half)
			}
			if got := memcorpus.Ratio(r.Facts.Pages, r.Facts.Total); got < f.pages {
				t.Errorf("%s half: facts in pages %.2f, below the floor %.2f", half, got, f.pages)
			}
			if got := memcorpus.Ratio(r.Facts.Context, r.Facts.Total); got < f.context {
				t.Errorf("%s half: facts in the context %.2f, below the floor %.2f", half, got, f.context)
			}
			if got := memcorpus.Ratio(r.KeptOut.Good, r.KeptOut.Total); got < f.keptOut {
				t.Errorf("%s half: distractors kept out %.2f, below the floor %.2f", half, got, f.keptOut)
			}
			// Each language keeps its floor (the goal for it where
			// the half reaches it), and no kind of fact falls far behind
			// the others.
			for lang, n := range r.ByLang {
				if got := memcorpus.Ratio(n.Context, n.Total); got < f.lang {
					t.Errorf("%s half: %s facts in the context %.2f, below %.2f", half, lang, got, f.lang)
				}
			}
			for cat, n := range r.ByCategory {
				if got := memcorpus.Ratio(n.Context, n.Total); got < f.category {
					t.Errorf("%s half: %s facts in the context %.2f, below %.2f", half, cat, got, f.category)
				}
			}
			if got := memcorpus.Ratio(r.Updates.Good, r.Updates.Total); got < f.updates {
				t.Errorf("%s half: updates resolved %.2f, below the floor %.2f", half, got, f.updates)
			}
			if got := memcorpus.Ratio(r.Retractions.Good, r.Retractions.Total); got < f.retractions {
				t.Errorf("%s half: retractions resolved %.2f, below the floor %.2f", half, got, f.retractions)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no memory corpus half under internal/memcorpus/testdata")
	}
}

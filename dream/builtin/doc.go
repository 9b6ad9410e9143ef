// Package builtin is memfs's deterministic dreamer: no model, only rules.
// It keeps what users durably say as claims on pages; what they said is
// package hear's to tell (hear.Session, one session at a time).
//
// # Claims
//
// A claim is one subject's slot: its current value, and its earlier
// values, newest first, each with the session (and transcript entries)
// that replaced or withdrew it. For each statement of a session:
//
//   - about the subject of a claim (subjects are matched across
//     phrasings: their terms, content words lightly stemmed, spellings of
//     one thing as one term ("prod", "production", "Produktion"), and CJK
//     text as character bigrams, must mostly agree; a tie matches nothing,
//     as a wrong merge loses a fact): the same value adds a citation,
//     another value replaces the current one, which stays as history;
//   - giving a value of the kind a claim's value is (a region for a
//     region, a version for a version, a count of the same thing) and
//     saying it of the same thing, in a change ("we migrated production to
//     eu-west-1" after "the prod region is eu-central-1"): that claim is
//     replaced (slot.go);
//   - holding the words a current claim states that the statement says
//     are no longer current (hear.Statement.Replaces): that claim is
//     replaced too; a version's stem ("nixos-", "retries=") finds the
//     claim holding it with another version;
//   - naming a product with another version than a claim does, without
//     a word of change ("we build with Flutter 3.24", hear.Statement.
//     Versions): that claim is replaced, and nothing else changes;
//   - handing a duty to someone (hear.Statement.Takes and Holder: "priya's
//     got the gps ingest now"): every current claim that gives the same
//     duty (its words, all but one of three or more) to someone else, by a
//     word of owning, running, approving or a role, is replaced; a duty of
//     role words alone ("the one I deal with") names no duty in particular
//     and replaces nothing;
//   - denying the old value beside the new one ("la zona B no es 6,80
//     sino 6,40", "is not 30 days but 45 days"): the claim holding the
//     denied value of what the words before the denial name is replaced,
//     and the claim states the new value alone;
//   - saying in the same message that a value the user gave was wrong
//     ("i told you 1.25.3.1 last time - that was wrong", "the 5e-4 i gave
//     you was a typo"), while giving another value of its spelling: the
//     wrong value is one the statement replaces (hear.Statement.Replaces);
//   - changing a temperature (degrees say what they measure in any
//     language): the one claim holding a temperature within 5 degrees,
//     or a quarter, of the new one is replaced;
//   - answering a question the agent asks again in other words ("Right
//     now duplicates update the student; keep that?"), where the two
//     questions share their content words and the new one restates the
//     earlier answer or asks whether it should change (reask.go): the
//     earlier answer is replaced;
//   - telling a change that names, in a clause of its own, a name, host
//     or id one claim holds, beside a new value of its kind said as the
//     change ("we moved the texts over to ClickSend last week, Textlocal
//     kept failing"), the two sharing two words besides their values
//     (beside.go): that claim is replaced, unless it is of a person or
//     of who does what, opens with the name, or the clause says it stays
//     ("…, refunds are still booked in Xero"); the claim stating the
//     change leaves that clause out, marking the cut. A statement whose
//     only mention of a claim's values says they stay changes nothing,
//     and a release it says stays keeps its claim ("the LSP server moves
//     to GHC 9.10, the compiler stays on 9.8");
//   - saying what a claim without a distinct subject says, in other
//     words: one claim, more citations;
//   - otherwise a new claim; but a value set inside a task ("bump the
//     sandbox budget alarm to 500 USD", hear.Statement.IfChanging) only
//     ever changes a claim: with none to change it states nothing.
//
// What a statement shares with a claim must name the thing, not only
// frame it: two subjects sharing only "owner" ("project owner",
// "versiones owner") are two duties, a release of another product said
// beside a bare revision ("Zephyr 4.1 since the v3 boards") is not the
// claim's product, and a day moved to is paired with the statement's
// words to find the earlier day of the same thing, never with another
// day ("… los domingos … volvimos al sábado" names no claim of Sunday
// and Monday).
//
// A value that replaced another is a change, whatever its words: the
// indexes list it with the changes (rankKey).
//
// Values are told by their spelling (slot.go): besides versions,
// regions, hosts, counts with their unit (spans of time meet across
// their spellings and languages, a currency or a measure written apart
// from its count says what is counted) and names, an address ("…/v3/
// sync", with or without its scheme), a versioned name ("orders.v2"),
// a setting ("shell=False") and a size ("8x8") are each of their own
// thing, so that the next one said finds the claim of the last. A span
// said in another unit is of the same setting when the two are within a
// factor of 30 ("60 秒" and "3 分钟"); a time of day said in words is a
// time (spoken.go: "half past three", "halb vier", "七点半"); a name
// spelled the package-manager way before a version ("mkdocs-material
// 9.5") is the product the version is of. Money
// and shares are units by their sign or their word ("$4k/month" and
// "3.500 dólares", "20%" and "5 %"). An answer that gives values is read
// for its own, not for the others its question offered. A value the agent
// worked out and the user agreed to says where the thing its sentence
// names stands now ("So the deposit becomes £750?" finds the claim of
// the £500 deposit); a code both hold ("40HQ") names the thing; a unit
// written onto its count ("90fps") is looked for in every claim, the one
// claim holding a count in it replaced; a time several claims hold is
// replaced in those sharing most words with the statement, then with
// its lead-in; the value a relative change worked out ("… (now 8 %)") is
// current, not replaced by the next statement that says it. Of several
// values one new value could change, those beside what it is said of
// ("pour les parfumés, on passe la cure à cinq semaines" changes the 4
// weeks of scented soaps, not the 6 of Marseille soap). An address whose
// path names a version ("/api/v3") replaces the same address at another
// version with or without a word of change. A change of a count, an hour
// or a day finds an answer by the words its question asked
// ("bump the cart reservation to 20 minutes" of "How long should a cart
// stay reserved …?"), not by a word placed after "before" or "after",
// nor by the value's unit. A Chinese or Japanese change of day or hour
// finds the claim whose subject holds the first word of the statement's
// ("リリース" of "リリース日" in "本番リリース").
//
// A wrong replacement loses a fact, so a match is refused where the two
// only seem to speak of one thing: a release of one named product is no
// release of another said of the same subject ("the backend is on Python
// 3.12 now" leaves "the backend runs Django 4.2"), unless the two are
// tools of one kind; words saying when ("last week", "上周") are shared by
// unrelated changes and count for nothing, and so is the name of whoever
// made two changes of releases said verbatim ("Priya bumped …", "Priya
// migrated …"). Claims said in the same entry as the one a change
// replaces, holding the version, host, address or id it changes ("…, so
// rust-toolchain should say 1.79"), end with it. A claim saying several things
// keeps the parts a change leaves: a short part naming a thing and its
// value ("Region eu-central-1") is a part of its own, and a part that
// points back ("…, thats the freeze") goes with the part it names; a
// release of one product among several is elided when that product moves
// ("Symfony 6.4 und PHP …"), whatever the clauses; fragments opening a
// quote go with the predicate after them ("Mi jefe, Tomás, decide …"). A
// value said in a part of a sentence that says no change (", and Mia
// posts the notes on Thursdays") changes nothing, whatever the other part
// says. A part a withdrawal would leave goes with it when it names what
// the withdrawn part named ("… on expédie tout par Mondial Relay, et
// l'étiquette doit sortir au format Mondial Relay"). A German past
// participle meets its verb and noun ("gesperrt", "Sperre").
//
// How often a thing is done is a value of its own (period.go,
// hear.Periods): "monthly now" changes "every quarter", "une fois par an"
// changes "every 6 months", "每两周" changes "每周五". The things a
// project sets are named alike in the six languages (termSynonyms:
// threshold and 阈值, backup and sauvegarde, retries and reintentos), so a
// change said in another language than the fact finds it. A label before
// a colon ("cambiamos la planificación: ahora cada 30 minutos") says what
// a change is of and that it is one (Statement.Topic).
//
// A tool is of the kind of the job it is chosen for, and of the other
// jobs it commonly does (kinds.go: Redis is a cache and a broker,
// Cloudflare a CDN and a host); a tool a statement names on both sides
// of a change is kept, not swapped in. Where a statement's Replaces or
// Versions find the claim holding the old value, that claim is the one
// it changes, whatever other claim shares its subject's words. A release
// said without a change word, of a thing the statement names ("Der
// Dienst ist kasse: …, Postgres 17"), leaves the release a claim of
// another subject holds; a value said to be gone back to ("結局 10.4 に
// 戻しました") stays; a withdrawal counting a unit ("the warning with
// the 14 days' notice") is not of a claim counting it otherwise; a
// person who left one of two sharing a duty goes alone. Distributions
// and short names of one product (Temurin and Java, pg and Postgres)
// have one release line.
//
// A claim that replaces another states only the current value: where the
// user's words quote the earlier one ("from RabbitMQ to SQS", "NO van en
// catalán, era gallego"), the claim drops it (marked "…" within the
// quote), an aside naming it ("（.NET 6 のサポート終了の関係で）") goes whole,
// and the page keeps it as history with the user's full words. When one
// part of a claim changes or is withdrawn, what follows from that part
// ("…, donc …", "…，所以 …", "…, bevor …") goes with it.
//
// A retraction withdraws the current claim it names (by subject, else by
// most of its words, else by a file or table name one claim alone holds,
// else, for a withdrawal of three to twelve words, by the claim holding
// more of them than any other, two at least, one held by no other claim;
// "weekly" and which days ("weekday", "jours", "曜日")
// name a claim of a weekday, "the 400-line rule" names "400 lines", and a
// rule's or restriction's kind word, "requirement", "Vorgabe", "制限", is
// filler): nothing is current for
// the subject until it is stated again, and the history keeps the
// withdrawn value with the withdrawing session and words. A tie
// withdraws nothing, but for a person who left and a thing gone for good
// (hear.Retired: deleted, decommissioned, switched off), which take every
// claim naming them. One
// item of a list ("run tflint and checkov") goes alone; one clause of
// several goes alone. A period said to be over ("the audit freeze is
// over", hear.EndsPeriod) withdraws only the claims that hold while or
// until it ("we're in the audit freeze: …", "在微信支付审核通过之前…"),
// whole, or the one sentence of it that does ("…。在 2.0 移植完成之前，不接受
// 新功能 PR"); a period named in one word ends only what it stands right
// at the condition of. Where no claim holds until it, the one claim
// holding every word of it is the measure itself and goes ("der
// Upload-Stopp für das Portal ist aufgehoben"). "die UC8151-Geschichte",
// "la cosa del banner": the matter of a thing is the thing. A person
// said to be back (hear.Returned: "Mme Ferrand est revenue", "老周回来了")
// ends the claims naming them that tell of their
// absence or of someone standing in, and nothing else said of them: a
// claim that says what they do before it tells of the absence keeps that
// part ("Lola lleva el almacén, pero … mientras esté de baja lo lleva
// Quique"), and a cover said beside it by a pronoun goes.
// A day added with "also", "auch" or "también" ("desde mayo abrimos
// también los domingos") withdraws the claim that names that day with a
// negation and shares another word with it ("los domingos nunca hay
// visitas"); see reopen.go.
// "deploy days are gone" names a claim of weekdays; a German compound
// ending in a rule's word ("Größenbeschränkung") says what kind of rule,
// not what of; "the VPN thing is over" withdraws, it ends no period.
// A rule said to hold until a day ("no ducks admitted until 30
// September", "hasta el 31 de julio no aceptamos encargos", "9月末までは
// …", hear.Statement.Until) keeps that day on its page ("Held until:
// 2025-09-30"); the first session whose user's records are written after
// it withdraws the rule, citing that session's last user entry, though
// nobody said it was over (model.go, expire). The day is read in the year
// the rule was said in, or the next when it had passed by then; evidence
// without times ("at", written by package transcript) ends nothing.
// A forget request removes the claims it names, history and all.
// See subject.go, slot.go and model.go.
//
// # Pages
//
// A page, pages/<area>/<topic>.md, holds the claims of one topic: the first
// word of the subject that names a thing, never a filler word, a value, or
// redacted text ("prod region" and "prod database" share pages/…/prod.md).
// A page keeps its path; a topic with no ASCII spelling (CJK) is named by
// its language and a digest of the topic; a page whose name would hold
// forgotten text (the store's guard, WithGuard) gets the neutral "claim".
// Each claim is one top-level list item carrying its claim, the user's
// words, the assistant's question, proposal or note it answered, its
// citations ("Sources: session:<id> entry:<id> …"), and its history as
// nested items; the page's "## Sources" lists every session it cites. A
// forget that strips a claim's item strips it whole. See pagefmt.go.
//
// # A year of memory
//
// A run lists every page, but scans only the pages that changed since the
// last run (a page memo, kept across the runs of memfs serve and, in a
// memo file beside the kept folder, across memfs dream processes:
// lazy.go, memofile.go), parses in full only those a session's
// statements may touch, and writes only the pages whose claims changed,
// then index.md, the area indexes and summary.md (render.go). New topics
// get pages while max_files leaves room; after that a claim joins the
// closest page of its area. What exceeds max_file_bytes or
// max_total_bytes (the store's limits, WithLimits) is consolidated, the
// oldest and least confirmed claims first: history loses its quotes,
// then all but its newest value, then all of it, then claims are folded
// to their claim and citations. Memory that still does not fit fails the
// run with ErrMemoryFull, its sessions left pending (write.go).
//
// # One input, one memory
//
// The same memory and sessions give the same pages, indexes and summary,
// byte for byte, on any machine, with a page memo or memo file or
// without: no choice follows the order of a Go map. Pages are parsed in
// full in the order they were read, so claims join memory in an order of
// their own (claim.ord); the claims a statement's terms find come in that
// order, and where rules leave a tie it goes to the first of them. Of the
// claims an update replaces at once, the one whose subject shares most
// words with the update's states its value. The indexes list claims by
// rank (rankKey: durability, then the changes: among facts those whose
// words say what changed or that replaced an earlier value, among
// standing rules, preferences, people and decisions those that replaced
// one; a page marks them "told=change" and "told=replaced" so a scan need
// not read them again), most recently confirmed first, then by page and
// place on the page (render.go). Pages of rules before 50 are audited, so
// each is marked afresh on the next run.
//
// # Earlier pages
//
// Pages the builtin wrote in its earlier one-claim-a-page layout are read,
// their claims heard again by the current rules, and filed in the current
// layout on the next run; pages stamped by other rules (rulesVersion) are
// audited the same way. Pages it did not write are kept as they are and
// listed by their title (migrate.go).
package builtin

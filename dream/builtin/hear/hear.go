// Package hear finds what a user durably said in one session's staged
// evidence: standing rules, facts about the project and its environments,
// who the user is, who owns or approves what, answers to the agent's
// questions, preferences and decisions, agreed proposals, and the
// withdrawals and forget requests that take earlier ones back. It reads
// language, not memory: it knows nothing of pages, paths or the store.
// The builtin dreamer (package builtin) turns what it hears into claims.
//
// # How it reads
//
// Only what the user typed is read as their words (tool output, assistant
// prose and hook text are not), plus the user's answers that come back
// through a question tool. A message is first cut down to the user's own
// prose: fenced code, indented code, lines that look like code or logs,
// block quotes and a quoted document (after a line such as "Dana wrote:"
// or an e-mail header, up to a line where the user resumes: "anyway",
// "so,") go. The prose is split into sentences (also after 。！？, and a
// parenthetical of four words or more is a sentence of its own; a
// dictated run-on of forty words or more, with a comma at most, is cut
// where the speaker moves on: "um", "oh and", "also", "keep in mind",
// "por cierto", "au fait", "übrigens") and the
// sentences into clauses (at ";", a spaced dash, a colon after a clause,
// before a contrast, a new subject or a task question after a comma:
// ", can you", ", kannst du"), each in its language:
// Japanese by kana, Chinese by Han without kana, German, Spanish, French
// or English by their function words and letters.
//
// Each clause goes through one decision list, with a cue lexicon per
// language (lexicon.go), first match wins:
//
//  1. Framing goes: fillers ("btw", "übrigens", "顺便说一下") and
//     remember-framing ("remember that", "merk dir", "覚えておいて"), which
//     marks the rest as meant to be kept.
//  2. Kept out: a question (mark or opening), a joke or sarcasm marker (it
//     also covers the short sentence before it; one inside an aside of
//     some words, "(saves like 40 pages lol)", is the aside's), someone
//     else's words.
//  3. A withdrawal ("scratch the X rule", "gilt nicht mehr", "ya no
//     hacemos", "不再适用", "もう頼まないで"), also after a lead-in colon
//     ("two changes: forget the squash rule"), a person gone from the team
//     ("Tom moved to the payments squad", "Katrin ist in Elternzeit",
//     "李昊已经调去别的部门了"), or a forget request. A limit to the day
//     keeps a withdrawal out only within its own words ("ignore the X
//     thing, that was temporary" withdraws for good). Withdrawals said in
//     passing count too: "nobody signs on the rack machine anymore", "the
//     friday rule is moot", "fenwick isn't a client anymore", "greenway
//     dropped the care plan", "so no more looms", "den gibt's nicht
//     mehr", "on arrête les pré-releases", "周报那个不用发了",
//     "広告はやめることになりました". So does an exception said over
//     ("the Harbour Lane sensor counts again", "… can go back into the
//     rotation", "la piscine est rouverte") and "plus besoin que …".
//     A rule that holds until a period ends is a rule, not the period
//     said over ("until the repair is done, route every delivery via …"),
//     and "Also while the repair is on, …" keeps its condition.
//  4. Kept out: a hypothetical or musing ("what if", "vielleicht", "如果…
//     可能", "if they ever…, we'd need", "将来…なら", "先の話"), a limit to
//     the task or day ("just for this PR", "今日だけ"),
//     a conditional without a rule in it.
//  5. A handover (handover.go): a duty changing hands, with its new
//     holder ("priya's got the gps ingest now", "c'est Inès qui a repris
//     les annotations", "die Teststationen macht jetzt Yuki", "测试服那边
//     以后交给 Kevin Wu", "マーケのモデルは sami さんが引き継ぎます"): a team
//     fact whose Takes and Holder let memory end whoever held the duty
//     before. A self-introduction (person), also a bare name before the
//     role ("jordan here, I'm the QA engineer", "佐藤です。通知基盤を担当
//     しています。"), a team fact (a name or team with owns, signs off,
//     approves, "ask NAME", "找X", "さんに聞いて", "ist herr X der
//     Ansprechpartner").
//  6. Kept out (for this clause only): first-person narrative ("I fixed"),
//     a transient state ("is failing"), a problem reported now ("keeps
//     timing out", "wirft Fehler", "一直失败"), a request for the task at
//     hand ("〜ておいてください", "帮我", "the new X"). Task chatter
//     (chatter.go) also keeps out curiosity ("nur neugierig"), a tag
//     question ("…对吧", "…ですよね"), a clause ending in a colon (it
//     introduces a paste), and a modal that is the speaker's own task or
//     a purpose ("ich soll …", "damit du siehst …", "need a CSV export").
//  7. A decision, a preference ("I prefer", "je préfère", "でお願いします").
//  8. An instruction: kept as a rule when it carries a durability cue
//     (always, never, every, by default, from now on, must, "sin
//     excepción", "一律", "必ず") or uses a standing verb (use, avoid, ask,
//     name, prefix) without pointing at the task ("this", "now"); in a
//     reply to the agent's question or offer it needs the cue.
//  9. A fact: a subject that names a thing, a verb that gives it a value
//     ("lives in", "runs on", "is", "läuft auf", "部署在", "は…です"), and a
//     value token (digits, node:20, us-east-2, a path, a proper noun), or
//     a locative verb; with a durability cue it is a rule. A change ("we
//     moved X from A to B", "X isn't on A anymore, it's B now", "Xは金曜日
//     に変わりました", "la subimos a 30 días") is a fact about X. A subject
//     opened by a determiner, any verb and a value ("les logs partent dans
//     Sentry") is a fact, unless it happens only now and then.
//  10. Any clause with a strong cue (always, never, every time) is a rule.
//  11. A value said with a word of change ("bumped R to 4.5.1", "R2 から
//     MinIO に移しました", "8枚までOKになった") is a fact, unless the clause
//     negates, tells a trial, a condition, a plan or hearsay.
//
// A short lead-in before a colon ("novedades:", "zwei Dinge vorweg:") is
// read past, and so is the date what follows holds from ("From 1 March
// every late return costs 40p", "ab 1. März kostet …", "à partir du 1er
// mars, …"): a value said after it with a verb of being or costing is a
// fact. A guess at how long a rule lasts ("…, probably until Easter",
// "…，大概到年底都这样") hedges its end, not the rule. A change tried and
// undone ("we tried a 12-article meter and went back", "sind wieder
// zurück", "retour à la normale", over as many clauses as it takes)
// states nothing, and its value replaces nothing. English "while" after
// no comma opens the period the clause before holds in, and stays with
// it; a comma between digits ("0,50 €", "1,000") is part of a number. A concessive tail ("even if", "même si") makes nothing
// hypothetical. A sentence that also withdraws something is never kept
// whole. What someone else said or decided ("the actuary said one review
// is enough now", "Marta dijo que …") is read through, one relay deep;
// "I said" and "you said" are not.
//
// A change also reads as a return ("we're back to", "on repasse en",
// "改回"), a value said with the one it corrects ("2.6 now, not 2.5.1") or
// in place of another ("au lieu de l'ancienne date", "en vez de antes"),
// a value we set whatever the verb ("we nerfed it to 1.75x"), a number or
// address said to be new whatever the lead-in says went ("Neue
// Handynummer, die alte Karte ist weg: 0160 …"), what a lead-in before a
// colon says was decided or given wrong before ("on a décidé : …", "the
// paybill I gave you was wrong: it's …"), a
// thing left for another ("we ditched X for Y", "on a quitté X pour Y"),
// and a value set inside a task ("bump … to 500", "margin → 4 px", "move
// the cut to Tuesdays"), which the dreamer takes only where it changes a
// claim (Statement.IfChanging). A value the user takes back as wrong ("I
// said the node pool is e2-standard-4, I misremembered. it's
// n2-standard-4", or in one sentence "I told you X was v2: it's v3") is
// stated from the words that give it, led by what it is of, replacing the
// value taken back; the words taken back state nothing.
//
// Two things hear passes on without knowing what memory holds. Events
// (event.go) are the user's plain clauses, not asked, musing, denied or
// planned: one may be the condition a claim was to hold until
// ("facilities swapped the card in gpu-07" for "until facilities swaps
// the card"). Relatives (relative.go) are values said to change by an
// amount, the new value unsaid ("follow-ups go up by four pounds",
// "運賃を50円値上げ"): the dreamer finds the value and works out the new one.
//
// A sentence whose clauses are all kept or neutral is kept whole; else
// each kept clause is kept alone; a sentence kept out only by a local cue
// (6) gives its comma-separated parts a second reading. A sentence that
// opens with "it's", "that", "das", "c'est" continues the statement
// before it. "Don't put this in the notes" keeps out its sentence, the one
// before, and the rest of the message; followed by a colon or a "but"
// ("don't note this: …", "メモしなくていいけど、…") it keeps out only what
// follows.
//
// A sentence that first says a period is over or a thing mended, then
// withdraws in other words ("Le festival est fini, plus de priorité pour
// les avant-premières", "冷库修好了，周三不用再避开了"), withdraws both.
// A firm gone out of business ("went bust", "ist pleite", "quebró",
// "Localiza cerró en agosto", "a fait faillite"), a person who no longer
// does a duty ("Tom no longer deploys"), a practice not done this season
// ("ナイターは今季はやらないことになりました"), a thing taken out ("se quitó
// lo del depósito") and works done said without a verb ("Umbau fertig")
// are withdrawals; so is one in charge who left, named by the duty
// ("夜間同期の担当者が異動した").
//
// A person who left is heard after a title ("Dr. Albers retired", "Mme
// Fontaine part à la retraite"), a joining word ("pis Nadia est partie")
// or a label ("管理者の件も：佐藤さんは…に移った"); what the sentence says
// next (who does it now) is a statement of its own, and a task after it
// (", send him …") is read apart. A contract that ended is a person gone
// ("Hannas Vertrag ist ausgelaufen", "小林的合同到期了"); a person back
// ("Jonas is back from parental leave", "田中さんが育休から戻ってきました")
// is a withdrawal of their absence (Returned), not a departure. A period
// ("every quarter", "alle zwei Wochen", "月1回") is a value: said with a
// word of change it is where things are now.
//
// Answers: when the assistant's last text asks a fact question (not an
// offer, not a question about the task or the day, not one a question
// tool has since asked and had answered), the reply's first sentence and
// what only elaborates it are the answer, stated with the question. The
// same holds for a question tool's call and its result
// (AskUserQuestion's "question"="answer" pairs, request_user_input's
// answers by id), and for a user's own fact question answered in their
// next message. Confirmations: an assistant text holding exactly one
// durable offer, in any of the languages, and a reply whose first
// sentence agrees without a "but" or "no"; and a value the assistant
// worked out that the reply agrees to by saying it again ("So Wednesday
// at 19:00 instead." — "Yes, Wednesday."): the assistant's sentence
// holding it is the statement, the change the user asked for just before
// its topic, unless the reply states the value in words of its own. The
// claim quotes the reply's agreeing words beside it ("…, saying “Genau,
// 16 Uhr”"). A question that checks back what the agent said ("Is that
// right?", "…, richtig?", "…で合っていますか？", "So 40HQ is 66 then?")
// asks for no fact when the reply says the value again: the reply is read
// as such an agreement, a bare value ("16 Prozent.") and a value written
// without spaces ("对，周三下午五点") included, and what the checked
// sentence says stays as it is ("20GP 和 40GP 不变") is left out of it. An
// answer taking the value a question proposes in place of another ("16 %
// statt 18 %?" — "16 Prozent.") replaces the other.
// Memory notes: kept when the user's words in the last two messages
// support them.
//
// Kept out besides: a short clause said outright that only points at
// what was said around it ("the old sensor too.", "we don't need that
// either.") or was cut from a longer sentence, unless it holds a number,
// a name or a part that stays ("Le PDF du soir, lui, reste."); hearsay
// ("ich hab gehört …", "噂だけど", "paraît-il", "听说"). Read together: a
// thing named first and what is said of it ("La synchro du stock, on …
// la faire toutes les cinq minutes"), a period and an apposition after it
// ("während der Ernte, also ab ca. 25. August …, keine Updates"), and a
// part that narrows the one before ("…, nur wenn's brennt"); a German
// ordinal day ("bis zum 15. des Folgemonats") ends no sentence.
//
// Claims: a third-person rewrite only for shapes the rules are sure of
// (English "I'm NAME, I maintain X", "our X lives in Y", "always run X",
// a declarative without pronouns); otherwise the user's clause verbatim:
// "The user said: “…”". Once a session says who the user is, claims that
// speak in the first person name them: "The user (Omar) said: “…”".
// Subjects are the noun phrase before the verb without determiners,
// fillers and adverbs ("the build image is node:22 now": "build image");
// an update also lists the stem of a versioned value it changes
// ("node:") in Replaces.
package hear

// Record is one line of a staged transcript (see transcript's projection):
// Role is "user", "assistant", "tool_call", "tool_result", "summary" or
// "cut"; Origin is set on user-side records the user did not type; Name
// is a tool's name.
type Record struct {
	Role   string `json:"role"`
	Origin string `json:"origin,omitempty"`
	ID     string `json:"id,omitempty"`
	Name   string `json:"name,omitempty"`
	Text   string `json:"text"`
	// At is when the record was written (RFC 3339), where the
	// transcript says: how a day a rule holds until is read.
	At string `json:"at,omitempty"`
}

// Kind is what sort of durable thing a statement says.
type Kind string

// Kinds of statement.
const (
	Rule       Kind = "rule"       // a standing convention: "everything builds through the Makefile"
	Fact       Kind = "fact"       // the project, its environments, tools, commands, limits
	Person     Kind = "person"     // the user: name, role, what they took over
	Team       Kind = "team"       // owners, approvers, whom to ask
	Answer     Kind = "answer"     // the user's answer to the agent's question
	Preference Kind = "preference" // how the user likes things done
	Decision   Kind = "decision"   // a choice the user or team made
)

// Statement is one durable thing the user said.
type Statement struct {
	Kind Kind
	// Lang is the language the user said it in: "en", "zh", "ja", "de",
	// "es" or "fr".
	Lang string
	// Area is the part of memory it files under: "people", "team",
	// "conventions", "preferences", "decisions", "project",
	// "environments", "tools".
	Area string
	// Subject is what it is about, a short noun phrase in the user's
	// language ("prod region", "build image", "auth middleware
	// approval"); statements about one subject replace each other. Empty
	// when the rules cannot tell.
	Subject string
	// Claim is the statement as memory states it, one complete sentence:
	// a third-person rewrite only where the rewrite is certain, else the
	// user's clause verbatim in quotes ("The user said: “…”"). Never
	// truncated, never a dangling clause.
	Claim string
	// Quote is the user's own words the claim rests on (the clause or
	// sentence, verbatim).
	Quote string
	// Question is the agent's question a statement of kind Answer answers.
	Question string
	// Via says how the user's words became a statement: "" (said
	// outright), "answer" (answered the agent's question, in prose or
	// through a question tool), "confirm" (agreed to the agent's
	// proposal, or to a value the agent worked out, said again), "note"
	// (the agent's memory note, supported by the user's words).
	Via string
	// Pointer is the agent's text that Via refers to (question, proposal,
	// note).
	Pointer string
	// Replaces holds words of an earlier value this statement says is no
	// longer current ("we moved the queue off RabbitMQ" → ["RabbitMQ"]).
	Replaces []string
	// Versions are the stems of the products it names with a version
	// without saying anything changed ("we build with Flutter 3.24" →
	// ["Flutter "]): an earlier claim naming the product with another
	// version is replaced, and the statement says no change otherwise.
	Versions []string
	// IfChanging marks a value set inside a task ("bump the sandbox
	// budget alarm to 500 USD, 200 was firing every week"): memory takes
	// it only as the change of a claim of the same thing, never as a new
	// claim, since a task names values of one moment too.
	IfChanging bool
	// Topic is a short lead-in label the claim was read past, without its
	// colon ("cambiamos la planificación" of "cambiamos la planificación:
	// ahora va cada 30 minutos"): it may name what the claim is about.
	// Empty when there was none.
	Topic string
	// Takes holds the words of a duty the statement hands to someone
	// ("priya's got the gps ingest now" → ["gps ingest"], "the new
	// practice manager is Raj Patel" → ["practice manager"]), and Holder
	// its new holder ("priya"): an earlier claim giving the duty to
	// someone else is no longer current.
	Takes  []string
	Holder string
	// Until is the last day ("2025-09-30") the user said it holds ("no
	// ducks admitted until 30 September"), in the year the time it was
	// said puts it in; empty when it names no day or the time is unknown.
	Until string
	// Entries are the transcript entry ids it rests on: the user's entry
	// first, then the pointer's.
	Entries []string
	// why names the decision-list rule that kept it ("d20"; classify.go),
	// for tests and debugging; empty for answers, confirmations and notes.
	why string
}

// Retraction is the user withdrawing something said before ("scratch the
// rebase-before-merge rule", "Tom moved teams, stop asking him for
// reviews"): what is withdrawn stops being current, though its history
// stays.
type Retraction struct {
	Lang string
	// Target is the user's words naming what is withdrawn.
	Target string
	// Subject, when the rules can tell, is the subject withdrawn.
	Subject string
	Quote   string
	Entries []string
}

// Heard is what one session says.
type Heard struct {
	Statements  []Statement
	Retractions []Retraction
	// Forgets are the targets of explicit requests to forget ("forget
	// what I said about the staging password").
	Forgets []string
	// Events are clauses saying something happened (see Event).
	Events []Event
	// Relatives are values said to change by an amount (see Relative).
	Relatives []Relative
	// At is the day ("2025-11-18") of the user's last record, empty when
	// the records say no time: a rule said to hold until an earlier day
	// is over by then. AtEntry is that record's entry id.
	At, AtEntry string
}

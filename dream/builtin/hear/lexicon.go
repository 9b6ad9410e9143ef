package hear

import "regexp"

// lexicon holds one language's cues. Each is a pattern over a clause; nil
// means the language has no such cue. Patterns whose name ends in Lead
// match at the start of a clause only.
type lexicon struct {
	// Anti-cues: what keeps a clause out.
	questionLead *regexp.Regexp // a clause that opens as a question
	questionAny  *regexp.Regexp // question particles anywhere (CJK)
	hypo         *regexp.Regexp // hypotheticals, musings, tentative ideas
	cond         *regexp.Regexp // conditionals: fine in a rule ("if you touch X, always …")
	oneOff       *regexp.Regexp // limits to the current task or day
	joke         *regexp.Regexp // jokes and sarcasm markers
	noNotes      *regexp.Regexp // "don't put this in notes", "off the record"
	task         *regexp.Regexp // deictic, one-off task words ("this", "now", "fix")
	state        *regexp.Regexp // transient states ("is failing", "is down")
	narrative    *regexp.Regexp // first-person narrative or opinion ("I fixed", "I think")
	report       *regexp.Regexp // someone else's words ("Priya wrote:")

	// Framing: what opens a statement and says nothing itself.
	fillerLead   *regexp.Regexp // "btw", "oh and", "actually"
	rememberLead *regexp.Regexp // "remember that", "for the record" (payload follows)
	rememberTail *regexp.Regexp // "…, keep that in mind" / "…を覚えておいて"

	// Durable shapes.
	intro     *regexp.Regexp // self-introduction, role
	team      *regexp.Regexp // owners, approvers, whom to ask
	decision  *regexp.Regexp // choices made
	pref      *regexp.Regexp // how the user likes things
	durable   *regexp.Regexp // always, never, every, by default, from now on, our …
	modal     *regexp.Regexp // must, should, has to, forbidden, goes through
	imperLead *regexp.Regexp // verbs that open a standing instruction
	factVerb  *regexp.Regexp // copulas and verbs between a subject and its value
	strong    *regexp.Regexp // verbs that make a fact without a value token ("lives in")
	we        *regexp.Regexp // the team's voice ("we use", "our")
	strongCue *regexp.Regexp // always, never, every time: a rule whatever the shape
	taskLead  *regexp.Regexp // verbs that open a request for the task at hand

	// update names what a change moved ("we moved the queue from X to Y"):
	// group "np" is the subject.
	update *regexp.Regexp

	// Withdrawals.
	departed *regexp.Regexp   // a person who left the team or is away: group "t" is the name
	returned *regexp.Regexp   // a person back from being away: group "t" is the name
	retract  []*regexp.Regexp // group "t" names what is withdrawn
	// ended says a period or condition is over ("the audit freeze is
	// over", "微信支付审核过了"): group "t" names it. It withdraws only
	// what was to hold until then or while it lasted.
	ended []*regexp.Regexp
	// mended says a fault is over: a thing fixed, repaired, back in
	// stock or working again ("the lift got fixed", "窯が直った"). Group
	// "t" names the thing. It withdraws what was to hold while the thing
	// was broken, out or under repair.
	mended []*regexp.Regexp
	// reopened are clauses saying what a restriction held back may be
	// done again ("studio B is bookable again", "am Crypto-Paket darf
	// wieder gearbeitet werden", "上限を元に戻して"): group "t" names it.
	// They withdraw only a claim that restricts.
	reopened []*regexp.Regexp
	forget   *regexp.Regexp   // group "t" names what to forget
	replaces []*regexp.Regexp // group "old" is the value no longer current
	corrects *regexp.Regexp   // a value said with the one it corrects (group "old"): "25 °C, not 28"

	// Subjects.
	determiners map[string]bool // words that open a noun phrase and name nothing
	pronounSubj map[string]bool // subjects that name no thing ("we", "it")
	forPrep     *regexp.Regexp  // "for X", "für X" after "we use Y"
	properStop  map[string]bool // capitalised words that are no names
}

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

const (
	// nameRe is a personal name in Latin script (checked case-sensitively).
	nameRe = `(?-i:\p{Lu}[\p{Ll}'’-]+(?:\s\p{Lu}[\p{Ll}'’-]+)?)`
	// deTitleRe is what may stand before a German name ("Frau Dr.").
	deTitleRe = `(?-i:(?:(?:Frau|Herr) )?(?:(?:Dr|Prof)\. )?)`
	// titleWords are the titles of English, Spanish and French names but
	// the one-letter "M." ("Dr", "Mme", "Sra").
	titleWords = `Dr|Dra|Prof|Mr|Mrs|Ms|Mx|Mme|Mlle|Sr|Sra|Srta|Don|Doña|Maître|Me`
	// titleRe is what may stand before an English, Spanish or French
	// name ("Dr.", "M.", "Mme", "la Dra.").
	titleRe = `(?-i:(?:(?:el|la|le) )?(?:(?:` + titleWords + `|M)\.? )?)`
)

// reTitledName is a person named with a title ("Herr Nowak", "bei Herrn
// Kowalczyk", "Mme Ferrand", "Dr. Okafor"): a name even where every noun
// has a capital or the sentence opens with it.
var reTitledName = regexp.MustCompile(`(?-i:\b(?:Herrn?|Frau|M\.|(?:` + titleWords + `)\.?) \p{Lu}\p{Ll}+)`)

func lexicons() map[string]*lexicon {
	return map[string]*lexicon{En: english(), De: german(), Es: spanish(), Fr: french(), Zh: chinese(), Ja: japanese()}
}

func english() *lexicon {
	return &lexicon{
		departed:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `)(?:'s|’s)? (?:has |have |just |recently )*(?:moved (?:away|abroad|out of (?:town|the country)|to (?-i:\p{Lu})\pL+)(?:$|[ ,.;!])|(?:moved|switched|transferred|went|changed) (?:over |back )?(?:to|into) (?:the |another |a different |a new )?[\w -]{0,30}(?:team|squad|group|org|department|project|company)|(?:moved|switched|changed) teams|(?:moved|transferred|relocated|went) (?:over |across )?to (?:their|our|the|a|an|another|a different|a new|the new) [\w -]{0,30}?(?:plant|office|site|branch|factory|warehouse|store|subsidiary|division|department|headquarters|hq|depot|lab|campus|employer|firm|job|role|position)\b|(?:is|'s) retiring\b|(?:moved|switched|went) (?:over|across) to\b|left(?: the (?:team|company|project))?(?:$|[ ,.;])|retired\b|graduated\b|stepped (?:down|away|back)\b|(?:gone|went) back to (?:teaching|school|uni|university|college|studying|(?:her|his|their) (?:old )?(?:job|studies|team))\b|(?:is|'s) out for good\b|(?:quit|resigned)(?:$|[ ,.;])|(?:is|'s|are) (?:now )?(?:on (?:parental |maternity |paternity |sick |long )?leave|out (?:for|until)|no longer (?:on|with|in|part of|at)|not on the team)|isn't (?:on the team|with us|part of the team|here) any ?more|moved on\b|(?:shut|closed)(?: down| for good| up shop)?(?: (?:in|at the end of|last) [\w ]{1,20}?)?(?:$|[,.;])|(?:went|has gone|gone) (?:bust|under|out of business)\b|ceased trading\b|joined (?:the |another )?[\w -]{0,30}(?:team|squad)|did (?:his|her|their) last (?:one|show|shift|day|week)\b|(?:is )?off to (?:the |a )?(?-i:\p{Lu})\pL+)|^(?P<t2>` + nameRe + `)'s last day(?: with us| here| on the team| at [\w-]+)? (?:was|is)\b|^(?P<t4>(?-i:\p{Lu}[\p{Ll}-]+?))(?:'s|’s) contract (?:has |just )?(?:ended|ran out|expired|is over|was not renewed|wasn't renewed)\b|^(?P<t3>(?-i:[a-z][a-z'’-]{2,15})) (?:left (?:last|this|the|on|in|yesterday|a|us)\b|(?:has |just )?moved (?:over )?to the [\w -]{0,30}(?:team|squad|group|org)\b|is on (?:parental |maternity |paternity |sick |long )?leave\b|quit\b)`),
		returned:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `)(?:'s|’s| is| has| have)? (?:(?:just|finally|now|officially) )?(?:back(?: from| at| on|$|[ ,.;!])|returned\b|come back\b|came back\b)`),
		questionLead: leadRe(`what`, `what's`, `whats`, `why`, `how`, `when`, `where`, `which`, `who`, `whom`, `whose`, `can`, `could`, `would`, `will`, `do`, `does`, `did`, `is`, `are`, `was`, `were`, `should`, `shall`, `may`, `have you`, `has`, `any idea`, `isn't`, `aren't`, `wasn't`, `didn't`, `doesn't`, `won't`, `anyone`, `any chance`, `i wonder`, `i was wondering`, `wondering`, `do you know`, `curious`),
		hypo:         wordsRe(`i heard`, `keeps? saying`, `keeps? telling (?:me|us)`, `(?:is|are) always saying`, `if that happens`, `if it happens`, `nothing yet`, `i've heard`, `heard that`, `rumou?rs?`, `rumou?red`, `apparently`, `supposedly`, `word is`, `just talk`, `gossip`, `what if`, `suppose`, `supposing`, `imagine`, `hypothetically`, `let's say`, `say we`, `maybe`, `perhaps`, `might`, `could`, `would`, `wouldn't`, `i wonder`, `wondering`, `considering`, `thinking about`, `thinking of (?:\w+ing|an?|maybe|perhaps|some)\b`, `not sure`, `probably`, `in theory`, `idea`, `brainstorm\w*`, `someday`, `one day`, `eventually`, `tempted`, `i guess`, `ideally`, `dream`, `(?:we|you|they|it|that)'d`, `if (?:\S+ ){1,6}?ever`),
		cond:         wordsRe(`if`, `when`, `whenever`, `in case`, `unless`),
		oneOff:       wordsRe(`today`, `tonight`, `tomorrow`, `this morning`, `this afternoon`, `this evening`, `right now`, `for now`, `for the moment`, `for the time being`, `just this once`, `this once`, `this time`, `for this (?:pr|task|ticket|branch|session|change|commit|file|bug|fix|run|one|feature|issue|refactor|release|demo|call)`, `in this (?:pr|task|branch|session|commit|ticket|change|diff)`, `on this (?:pr|branch|ticket)`, `until (?:tomorrow|monday|tuesday|wednesday|thursday|friday|the demo|the release|we ship|it's fixed|lunch|eod|end of day)`, `temporarily`, `temporary`, `for today`, `this week`, `this sprint`, `at the moment`, `till tomorrow`, `for the rest of (?:the day|this session|today)`, `for the next (?:hour|few hours|couple of hours)`, `in a minute`, `later today`, `asap`),
		joke:         regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:lol|lmao|rofl|haha\w*|hehe\w*|jk|just kidding|kidding|joking|/s|yeah right|as if|sarcasm|obviously not|ugh|argh|sigh|meh|grr|smh|wtf|what a (?:great|wonderful|brilliant|fantastic|lovely|genius)|just what (?:we|i) needed|oh great|truly inspired|sure,? because|because that always|(?-i:SO|REALLY|TOTALLY|SUCH|OBVIOUSLY|GREAT|LOVE|NEVER EVER))(?:$|[^\p{L}])|😂|🤣|😜|🙃|😏|🤡|🙄|😒|😑|🤦`),
		noNotes:      wordsRe(`don't tell anyone`, `do not tell anyone`, `between you and me`, `don't (?:put|write|save|store|keep|record|add|note) (?:this|that|it|any of this)(?: down)?(?: (?:in|to|into) (?:the |your )?(?:notes|memory))?`, `do not (?:put|write|save|store|keep|record|add|note) (?:this|that|it)`, `don't (?:remember|save|store|note|record|memori[sz]e) (?:this|that|it)`, `do not (?:remember|save|store|note|record) (?:this|that|it)`, `off the record`, `not for (?:the )?(?:notes|memory|record)`, `no need to (?:remember|note|save|record)`, `not something to (?:remember|note|save)`, `between (?:us|you and me)`, `keep (?:this|that|it) out of (?:the |your )?(?:notes|memory)`, `don't (?:need to )?(?:remember|memori[sz]e) (?:this|that)`, `(?:don'?t|dont|do not) (?:save|store|write|put|keep|log|record) (?:it|this|that|them)(?: down)? anywhere`, `(?:that's|thats|that is|it's|its|it is) private`, `(?:dont|don't) (?:save|store|write down|note|remember) (?:it|this|that)`),
		task:         wordsRe(`next`, `again`, `yet`, `real quick`, `quickly`, `for me`, `the failing`, `the broken`, `the above`, `line \d+`, `fix`, `debug`, `look at`, `take a look`, `investigate`, `try`, `figure out`, `show me`, `tell me`, `help me`, `implement`, `refactor`, `revert`, `undo`, `finish`, `continue`, `go ahead`, `proceed`, `retry`, `rerun`, `re-run`),
		state:        wordsRe(`(?:is|are) (?:now |currently |still )?(?:getting|seeing|throwing|returning|hitting|showing|timing)`, `(?:is|are|'s|was|were|keeps|seems|seem|looks|look) (?:still |now |currently |again |totally |completely )?(?:failing|broken|down|flaky|slow|red|crashing|hanging|stuck|weird|wrong|missing|empty|fine|done|ready|merged|fixed|working|not working|timing out|out of date|outdated|busted|borked|gone|green)`, `fails`, `failed`, `crashed`, `crashes`, `doesn't work`, `does not work`, `isn't working`, `errored`, `blew up`, `timed out`, `is throwing`),
		narrative:    leadRe(`i (?:don't|do not) need`, `i (?:just |already |also |finally )?(?:fixed|ran|tried|pushed|merged|deployed|changed|added|removed|deleted|updated|looked|checked|saw|noticed|found|think|thought|guess|believe|feel|mean|meant|see|got|was|had|did|made|wrote|need|needed|want you|wanted|hope|expect|assume|reckon|suspect)`, `i'm (?:going to|gonna|about to|trying|working on|looking|thinking|not sure|sure|confused|wondering|curious|done|back|here|tired|busy|stuck|happy|glad|sorry|afraid|fine|seeing|getting|running)`, `i am (?:going to|about to|trying|working on|looking|thinking|not sure|confused|wondering|done|back|seeing|getting|running)`, `i'll`, `i will`, `let me`),
		report:       regexp.MustCompile(`(?i)^(?:[\p{L}.'’ -]{1,40}?) (?:wrote|writes|said|says|mentioned|posted|sent|forwarded|replied|commented)\b[^:]{0,50}:\s*$|^(?:[\p{L}.'’ -]{1,40}?) (?:wrote|writes|said|says|mentioned|posted|sent|forwarded|replied|commented)(?: (?:this|the following|that|in (?:slack|the channel|the email|the thread)))?\s*:|^(?:from|subject|to|cc|date|sent)\s*:|^-{2,}\s*(?:original|forwarded) message`),

		fillerLead:   leadRe(`pls`, `plz`, `in general`, `generally`, `as a general rule`, `in our team`, `on our team`, `around here`, `ok`, `okay`, `so`, `also`, `and`, `btw`, `by the way`, `oh`, `oh and`, `oh btw`, `also btw`, `hey`, `hi`, `hello`, `alright`, `right`, `well`, `one more thing`, `one last thing`, `and also`, `just so you know`, `just fyi`, `fyi`, `also note`, `forked`, `fork`, `quick thing`, `quick note`, `quick one`, `side note`, `sidenote`, `ps`, `p\.s\.`, `never ?mind`, `forget it`, `no worries`, `all good`, `from now on`, `going forward`, `in the future`, `henceforth`, `from here on(?: out)?`, `unrelated`, `aside`, `fwiw`, `for what it's worth`, `anyway`, `anyways`, `actually`, `correction`, `to correct myself`, `to correct that`, `i was wrong`, `i misspoke`, `yeah`, `yes`, `no`, `nope`, `sure`, `thanks`, `thank you`, `cool`, `great`, `perfect`, `got it`, `one thing`, `another thing`, `random`, `tip`, `pro tip`, `psa`, `heads up`, `heads-up`, `context`, `for context`, `background`, `important`, `update`, `wait`, `hmm`, `ah`, `oh wait`, `good`, `nice`, `sounds good`, `great thanks`, `ok thanks`, `fair enough`, `understood`, `gotcha`, `also worth knowing`, `worth knowing`, `nvm`, `first`, `firstly`, `first of all`, `second`, `secondly`, `third`, `thirdly`, `lastly`, `finally`, `some background`, `for background`, `background info`, `good to know`, `just to be clear`, `to be clear`, `for clarity`, `as a reminder`, `reminder`, `um+`, `uh+`, `erm`),
		rememberLead: leadRe(`(?:one more |another |a |some )?(?:standing|house|team|general) (?:thing|rule|convention|note|fact)s?\s*:`, `(?:some )?context for (?:next time|the future|later|future sessions)\s*:?`, `for next time\s*:?`, `(?:please )?(?:remember|note|keep in mind|bear in mind|make a note|take note|note for later|for later|note to self|save this|keep this in mind|remember this|for the record|for future reference|for your information|for future sessions|don't forget|do not forget|never forget)(?: that| of| this)?`),
		rememberTail: regexp.MustCompile(`(?i)[,;:.!\s—–-]+(?:please )?(?:keep (?:that|this|it) in mind|remember (?:that|this|it)|note (?:that|this|it)(?: down)?|for (?:the record|future reference|later))\s*[.!]*$`),

		intro: regexp.MustCompile(`(?i)^(?:(?:hi|hey|hello|morning)[,!]?\s+)?` + nameRe + `,\s+(?:i|i'm|i've)\b|^(?:i'm|i am|im|this is|it's|its) ` + nameRe + `\b|^` + nameRe + ` here\b|^(?:i'm |this is |it's )?` + nameRe + ` (?:from|of|on) (?:the )?[\w-]+ (?:team|squad|group|crew|org)\b|^(?:my name is|my name's|call me|i go by) |^i (?:took over|own|maintain|lead|run|manage|joined|work on|work at|work for|work as|work in|look after|handle|head|am responsible for|inherited|am in charge of|am the|am a|am an|am on|am new)\b|^i'm (?:the|a|an|on the [\w-]+ (?:team|squad|crew|group|rotation)|on [\w-]+ (?:team|squad|crew|duty|call)|in charge of|responsible for|new (?:here|to|on)|based in|from|in the [\w-]+ (?:team|squad|office|timezone|time zone))\b|^i(?:'ve| have) (?:taken over|inherited|joined|been (?:put|moved) on)\b|^my (?:role|team|title|job|pronouns|timezone|time zone|manager|focus|area) (?:is|are)\b|^i live in\b|^i do (?:the )?(?:frontend|front-end|backend|back-end|devops|infra|infrastructure|qa|design|mobile|data|ops|platform|sre|support|security|ios|android|web|releases)\b`),
		team: regexp.MustCompile(`(?i)(?:^|\s)(?:owns|maintains|runs (?:the|our|all|every|release|deploy|standup|on-?call|retro|migration|sprint|infra|ops|qa|support)\w*|leads|manages|approves|signs off|sign off|reviews|handles|is responsible for|are responsible for|is in charge of|takes care of|look after|looks after|decides|is on call|cuts (?:the )?releases|does (?:the )?releases|does (?:our|all (?:our|the)) |has to (?:approve|sign off|review|ok)|must (?:approve|sign off|review)|needs to (?:approve|sign off|review)|is (?:my|our|the) (?:\w+ )?(?:backup|deputy|stand-in|fallback|second)|is the (?:\w+ )?(?:owner|lead|maintainer|contact|approver|expert|person|go-to|poc|reviewer|gatekeeper)|is our (?:\w+ )?(?:owner|lead|maintainer|contact|approver|expert|person|go-to|poc|reviewer|manager|pm|sre|dba)|owned by|maintained by|approved by|reviewed by|run by|managed by|sign-off from|signoff from|approval from)\b|(?:^|\s)(?:ask|ping|talk to|check with|loop in|cc|reach out to|go to|escalate to|tag|bug|consult|add) (?:` + nameRe + `)|(?:approvals?|reviews?|sign-offs?|signoffs?|owner|contact|lead|point of contact|reviewer|questions)(?: for [\w\s/-]+?| about [\w\s/-]+?| on [\w\s/-]+?)? (?:is|are|comes? from|go(?:es)? to|go(?:es)? through) (?:` + nameRe + `|the [\w-]+ team)` +
			// "we've got a new apprentice, Gethin": who joined, and as what.
			`|^(?:we've got|we have got|we have|we've hired|we hired|we got|there's) (?:a |an )?new (?:[\w-]+ ){0,2}?(?:apprentice|intern|trainee|hire|colleague|starter|volunteer|engineer|developer|dev|designer|manager|accountant|bookkeeper|assistant|technician|driver|nurse|receptionist|caretaker|cleaner|clerk|secretary|vet|chef|cook)s?,? (?:called |named )?` + nameRe + `\b`),
		decision:  leadRe(`(?:we|i)(?: have|'ve)? (?:decided|agreed|settled on|chose|chosen|picked|went with|standardi[sz]ed on|committed to|landed on)`, `we're going (?:with|to use)`, `we are going (?:with|to use)`, `let's (?:go|stick) with`, `we'll (?:go|stick) with`, `we will (?:go|stick) with`, `we're sticking with`, `we stick with`, `the (?:decision|plan|consensus|verdict) is`, `(?:the )?(?:team|group|squad|leads|management|architecture|we all) (?:decided|agreed|chose|voted)`, `decision`, `decided`),
		pref:      leadRe(`(?:a |one )?(?:small |personal )?preference(?: of mine)?(?: for (?:the future|later))?\s*:`, `(?:i|we)(?:'d| would) (?:rather|prefer|like it if|like)`, `(?:i|we) (?:really |strongly |generally |usually |much |personally |definitely |always |also |still )?(?:prefer|like|love|hate|dislike|don't like|do not like|can't stand|cannot stand|favor|favour|enjoy|appreciate|despise|loathe)`, `i (?:always |usually |mostly |generally |only )?(?:use|work with|code in|develop with|rely on|live in|write)`, `my (?:favorite|favourite|preferred|go-to|default) `, `i'm (?:a (?:big )?fan of|not a fan of|fond of|partial to)`, `i am (?:a fan of|not a fan of|fond of)`, `i find \S+`, `personally`, `my preference`, `i tend to`, `i like to`, `i always want`, `i never want`, `i want (?:all|every|my|the|you to always|you to never|answers|responses|replies|code|commits|tests)`),
		durable:   wordsRe(`in general`, `generally`, `in our team`, `on our team`, `around here`, `always`, `never`, `every ?time`, `whenever`, `each time`, `every`, `all`, `any`, `by default`, `default`, `from now on`, `going forward`, `in the future`, `henceforth`, `from here on(?: out)?`, `as a rule`, `no matter`, `at all times`, `under no circumstances`, `without exception`, `ever`, `only`, `nothing`, `everything`, `anything`, `everywhere`, `in this (?:repo|project|codebase|team|org)`, `across (?:the|all)`, `throughout`, `standard`, `convention`, `policy`, `rule`, `our`, `we use`, `we don't`, `we do not`, `we never`, `we always`, `we only`, `no one`, `nobody`, `each`),
		modal:     wordsRe(`must`, `must not`, `mustn't`, `should`, `shouldn't`, `has to`, `have to`, `needs to`, `need to`, `is required`, `are required`, `required`, `requires`, `require`, `is not allowed`, `are not allowed`, `aren't allowed`, `isn't allowed`, `forbidden`, `not allowed`, `may not`, `cannot`, `can't`, `mandatory`, `goes through`, `go through`, `belongs in`, `belong in`, `is banned`, `are banned`, `is off-limits`, `off limits`, `needs`, `need`),
		imperLead: leadRe(`use`, `prefer`, `avoid`, `keep`, `put`, `write`, `name`, `prefix`, `suffix`, `commit`, `push`, `merge`, `squash`, `rebase`, `tag`, `sign`, `format`, `lint`, `run`, `call`, `build`, `deploy`, `release`, `ask`, `ping`, `cc`, `document`, `add`, `include`, `mention`, `reply`, `respond`, `answer`, `cite`, `store`, `place`, `pin`, `target`, `wrap`, `return`, `log`, `make sure`, `be sure`, `remember to`, `stick to`, `stick with`, `stay`, `default to`, `route`, `send`, `never`, `always`, `don't`, `do not`, `dont`, `no`, `only`, `please`, `treat`, `leave`, `give`, `skip`, `bump`, `follow`, `go through`, `talk to`, `check with`, `loop in`, `reach out to`, `don't ever`, `do not ever`, `under no circumstances`),
		factVerb:  wordsRe(`is`, `are`, `was`, `costs`, `'s`, `is wired to`, `are wired to`, `is connected to`, `is mapped to`, `goes in`, `go in`, `goes into`, `go into`, `go under`, `goes under`, `lives in`, `live in`, `lives on`, `live on`, `lives at`, `live at`, `lives under`, `live under`, `sits at`, `runs at`, `runs on`, `run on`, `runs in`, `run in`, `sits in`, `sits on`, `sit in`, `runs`, `builds through`, `builds with`, `build through`, `is generated from`, `are generated from`, `ships`, `expires`, `is hosted (?:on|in|at)`, `are hosted (?:on|in|at)`, `is deployed (?:to|on|in)`, `are deployed (?:to|on|in)`, `deploys to`, `deploy to`, `points to`, `point to`, `uses`, `use`, `is written in`, `are written in`, `is built with`, `are built with`, `builds with`, `is stored in`, `are stored in`, `is kept in`, `are kept in`, `belongs to`, `goes to`, `go to`, `goes through`, `go through`, `is called`, `is named`, `listens on`, `takes`, `is capped at`, `are capped at`, `is limited to`, `are limited to`, `caps at`, `maxes out at`, `times out after`, `has`, `have`, `is set to`, `defaults to`, `equals`, `=`, `come from`, `comes from`, `is managed (?:by|with|through|in)`, `are managed (?:by|with|through|in)`, `is owned by`, `are owned by`, `is configured in`, `are configured in`, `is defined in`, `are defined in`, `means`, `stands for`, `expires after`, `rotates`, `holds`, `gets`, `get`, `happens`, `starts`, `kicks off`, `kick off`, `begins`, `opens at`, `open at`, `leaves at`, `leave at`, `leaves from`, `leave from`, `departs at`, `depart at`, `departs from`, `depart from`, `goes out at`, `go out at`, `closes at`, `close at`, `finishes at`, `ends at`, `restarts`, `needs`, `need`, `requires`, `require`, `lands? (?:in|on)`, `ends? up (?:in|on)`, `(?:is|are) sent (?:to|through|via)`),
		strong:    wordsRe(`is wired to`, `are wired to`, `is connected to`, `is mapped to`, `goes in`, `go in`, `goes into`, `go into`, `go under`, `goes under`, `lives in`, `live in`, `lives on`, `live on`, `lives at`, `live at`, `lives under`, `live under`, `sits at`, `runs at`, `runs on`, `run on`, `runs in`, `run in`, `builds through`, `build through`, `is generated from`, `are generated from`, `is hosted`, `are hosted`, `is deployed`, `are deployed`, `deploys to`, `deploy to`, `is stored in`, `are stored in`, `is written in`, `are written in`, `is built with`, `are built with`, `is kept in`, `are kept in`, `listens on`, `is capped at`, `is limited to`, `defaults to`, `points to`, `is managed (?:by|with|through|in)`, `goes through`, `go through`, `is configured in`, `is defined in`, `are generated (?:by|from)`, `is generated (?:by|from)`, `belongs to`, `stands for`, `expires after`, `times out after`, `sits in`, `sits on`, `is located in`, `are located in`, `is behind`, `are behind`, `is in`, `are in`, `is on`, `are on`, `is at`, `are at`, `lands? (?:in|on)`, `ends? up (?:in|on)`, `(?:is|are) sent (?:to|through|via)`),
		we:        leadRe(`we(?:'ve| have)? got (?:\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`, `we have (?:\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`, `we(?:'re| are) (?:(?:now|actually|still|currently|already|finally|officially) )?(?:now )?(?:keeping|doing|using|running|sticking with|going with|moving to|switching to|staying on|on|at)`, `we (?:lint|format|support|keep|squash|ship|store|log|document|write|use)`, `we (?:always |never |usually |only |all |also |generally |mostly |don't |do not |no longer )?(?:use|run|deploy|host|keep|store|build|ship|release|target|support|write|manage|track|rely on|are on|'re on|have|work with|do|develop|maintain|test|publish|package|version|name|tag|pin|vendor|follow|squash|rebase|merge|review)`, `we're (?:on|using|running)`, `our `, `the team (?:uses|runs|deploys|keeps)`, `everything`, `all `, `every `, `nothing`, `no `),

		update:    regexp.MustCompile(`(?i)^(?:we|we've|we have|i|i've|i have|the team|(?-i:[A-Z][a-z]+)(?: from (?:the )?[\w-]+(?: team)?)?|(?:the )?[\w-]+ team)? ?(?:just |finally |recently |already )?(?:got )?(?:moved|migrated|switched|changed|upgraded|bumped|ported|swapped|replaced|renamed|updated) (?:the |our |my )?(?P<np>[\w\s-]{2,40}?) (?:from|off|to|onto|over to|away from)\b|^(?:we|we've|we have|the team|they)(?: just| recently| finally| now)?(?: got)? (?:dropped|went|moved|switched|bumped|raised|lowered|increased|decreased|reduced|cut|upgraded|downgraded|changed|capped|set)(?: it| that| them)?(?: (?:back |down |up |over )?(?:to|onto))\b|^(?:the |our )?(?P<np2>[\w\s-]{2,40}?) (?:isn't|is not|aren't|are not|is no longer|are no longer)\b.*,\s*(?:now )?(?:it's|it is|they're|they are|that's) .+` + enUpdateMore),
		strongCue: wordsRe(`always`, `never`, `every ?time`, `whenever`, `from now on`, `going forward`, `at all times`, `under no circumstances`, `without exception`, `no exceptions`, `every single`),
		taskLead:  leadRe(`(?:can you |could you |would you |please |pls |now |then |next,? |also )?(?:rename|fix|add|remove|delete|create|update|change|move|refactor|implement|write|make|run|check|look|try|show|tell|explain|open|install|build|deploy|revert|bump|clean|debug|test|merge|commit|push|pull|rerun|retry|investigate|profile|draft|generate|set up|setup|find|search|grep|read|review|go ahead|continue|proceed|finish|start|stop|undo|replace|split|extract|wrap up|port|migrate|upgrade|downgrade|format|lint|tag|release|publish|send|post|paste|give|help|let's)`),
		retract: []*regexp.Regexp{
			// "they don't want paper any more": what someone no longer wants.
			regexp.MustCompile(`(?i)^(?:.+?(?:, | and | but | so | : ))?(?:they|he|she|the client|the customer) (?:don't|doesn't|do not|does not) (?:want|need) (?:the |any |a )?(?P<t>[^,;.:]+?) any ?more(?:[,;.:]|$)|^(?:.+?(?:, | and | but | so | : ))?(?:they|he|she|the client|the customer) no longer (?:wants?|needs?) (?:the |any |a )?(?P<t2>[^,;.:]+?)(?:[,;.:]|$)`),
			// "Paysmith no longer runs our payroll": a firm or a person named no
			// longer doing what it did for us.
			regexp.MustCompile(`^(?:(?i:and|also|so|btw|oh and),? )?(?P<t>\p{Lu}[\p{L}\p{N}.&-]+(?: \p{Lu}[\p{L}\p{N}.&-]+)?) no longer \p{Ll}+s (?:us|me|our|for us)\b.*$`),
			// "finance dashboards can go out without a finance review
			// now": what a thing needed before it went is needed no more.
			regexp.MustCompile(`(?i)^(?:.+?(?:, | and | but | so ))?(?:the |our |all )?(?P<t>[^,;:]{2,40}?) (?:can|may) (?:now |also |finally )?(?:go out|go live|ship|merge|deploy|publish|be (?:merged|published|released|deployed|shipped|sent|posted)) without (?:a |an |the |any )?(?P<v>[^,;.]{2,40}?)(?: (?:now|from now on|any ?more))?\s*(?:[,;.!]|$)`),
			// "we're stopping the Monday releases": a practice stopped.
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | so ))?(?:we're|we’re|were|we are|we'll be) (?:stopping|ending|dropping|killing|scrapping|shutting down|retiring|sunsetting|decommissioning) (?:the |our )?(?P<t>[^,;]+?)(?:[,;.!].*)?$`),
			// "the Friday rule doesn't matter anymore": moot now.
			regexp.MustCompile(`(?i)^(?:(?:and|also|so|oh and|btw),? )?(?:the |our )?(?P<t>[^,;:]{2,40}?) (?:doesn't|does not|don't|do not) matter any ?more\b|^(?:(?:and|also|so|oh and|btw),? )?(?:the |our )?(?P<t2>[^,;:]{2,40}?) no longer matters?\b`),
			// Someone else lifted a ban: "the council lifted the parking
			// restriction on Elm Street yesterday".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?\pL[^,;:]{1,40}? (?:has |have )?(?:finally |officially |now |just )*lifted (?:the |their |its |that )?(?P<t>(?:[^,;.\s]+ ){0,3}?(?:ban|restriction|limit|freeze|embargo|moratorium|suspension|closure|cap|curfew)s?(?: (?:on|for|of) [^,;.]{2,40}?)?)(?:\s+(?:yesterday|today|this morning|last week|at last))?\s*(?:[,;.!]|$)`),
			// Required no more: "pre-recording isn't required", "le chèque n'est plus obligatoire".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:isn't|is not|aren't|are not|is no longer|are no longer) (?:required|mandatory|compulsory|obligatory|needed|necessary)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:is|are) (?:now )?(?:optional|voluntary)\b.*$`),
			// "no more changelog entries, release-please writes them".
			regexp.MustCompile(`(?i)^(?:and |also |so |ok,? )?no more (?P<t>(?:[^t,;:]|t[^h]|th[^a]|tha[^n])[^,;:]{1,58}?)(?:[,;:.!]|$| from now on| going forward)`),
			// Gone from what there is: "there's no lottery anymore",
			// "there are no more paper forms", "there's no longer a
			// standup on Fridays".
			regexp.MustCompile(`(?i)^(?:and |also |so |oh and |ok,? )?there(?:'s| is| are|'re) no (?:need (?:for|to) )?(?P<t>[^,;:]{3,50}?) any ?more\b(?:[,;:.!]|$)`),
			regexp.MustCompile(`(?i)^(?:and |also |so |oh and |ok,? )?there(?:'s| is| are|'re) no (?:more|longer an?|longer any|longer) (?:need (?:for|to) )?(?P<t>[^,;:]{3,50}?)(?:[,;:.!]|$)`),
			regexp.MustCompile(`(?i)^(?:and |also |so |oh and |ok,? )?there (?:won't|will not) be (?:an? |any )?(?P<t>[^,;:]{3,50}?) any ?more\b(?:[,;:.!]|$)`),
			// "so no filtering in the pipeline anymore".
			regexp.MustCompile(`(?i)^(?:and |also |so |ok,? )?no (?P<t>[^,;:]{3,50}?) any ?more\b(?:[,;:.!]|$)`),
			// "the form shouldn't mention the annexe anymore".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the )?[^,]{2,40}? (?:shouldn't|should not|mustn't|must not|doesn't need to|does not need to) (?:mention|list|show|include|offer|say) (?:the |our )?(?P<t>[^,;.]{2,40}?) any ?more\b.*$`),
			// Allowed again: "lodash is fine again, the bundle issue is gone"
			// lifts the rule on lodash, whatever the reason after it.
			regexp.MustCompile(`(?i)^(?:the )?(?P<t>.+?) (?:is|are) (?:now )?(?:allowed|fine|ok|okay|available|open|usable) again\b.*$`),
			regexp.MustCompile(`(?i)^(?:and |also |oh and )?(?P<t>[\w.+-]+(?: [\w.+-]+)?) (?:is|are) (?:allowed|ok to use|fine to use) now\b.*$`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`(?i)^(?:and |also |oh and )?(?:the |our )?(?P<t>[^,;]{2,40}?) (?:is|are) (?:now |officially )?deprecated(?: now)?[.!]?$`),
			// A correction: "I told you Elixir 1.16 last time, that was wrong".
			regexp.MustCompile(`(?i)^(?:(?:sorry|also|oh|btw),? )*(?:i|we) (?:told you|said|wrote|mentioned|gave you)(?: that)? (?P<t>[^,]+?)(?: earlier| last time| before| yesterday| the other day)?,? (?:but )?(?:that was|that's|it was|which was|this was) (?:wrong|incorrect|a mistake|outdated|not right|off|not true)\b.*$`),
			// Pointing back: "ignore what I said about ticket prefixes", "the churn job no longer runs".
			regexp.MustCompile(`(?i)^(?:please |also |and |oh and )?(?:ignore|disregard|forget|scratch|drop) (?:what|everything|anything|all) (?:i|we) (?:said|told you|wrote|mentioned)(?: earlier| before| last time)? (?:about|on|regarding|re) (?P<t>[^,;]+)`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our )?(?P<t>[^,]+?) (?:no longer runs|doesn't run any ?more|isn't running any ?more|no longer exists|is off the (?:checklist|list|table))\b.*$`),
			regexp.MustCompile(`(?i)^(?:we|the team|i) (?:turned|switched|shut) (?:the |our )?(?P<t>[^,]+?) (?:off|down)\b.*$`),
			// Something to be retired: "Zulip gets switched off" (and
			// not "old RAWs get deleted", a standing rule).
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our )?(?P<t>[^,]+?) (?:gets|is getting|are getting|is being|are being) (?:finally |officially |completely |permanently )?(?:decommissioned|retired|shut down|switched off|turned off|sunset|sunsetted|discontinued|scrapped|closed down|taken offline)(?:\s*[.,;:!—–-].*|\s+(?:at|on|in|by|from|next|this|after|when)\b.*)?$`),
			// Something retired: "the kafka-legacy cluster was decommissioned", "#old-alerts got archived".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our )?(?P<t>[^,]+?) (?:was|were|got|has been|have been|is now|are now) (?:finally |just |officially |completely |now |permanently )?(?:decommissioned|archived|retired|shut down|shutdown|turned off|switched off|sunset|sunsetted|torn down|scrapped|deprecated|discontinued|taken down|taken offline|wound down|abandoned|gone|dead|pulled|removed|dropped|deleted|yanked|taken out|ripped out|cancell?ed|closed down|sold|binned|thrown (?:out|away))\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | (?:decided|agreed) (?:that )?))?(?:the |our )?(?P<t>[^,]+?) (?:is|are) (?:now |already |completely |permanently |officially )?(?:decommissioned|retired|shut down|switched off|turned off|sunset|deprecated|gone|dead|deleted|removed|dropped|scrapped|cancell?ed)\b.*$`),
			// Closed for good: "the Lantern Café closed for good".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our )?(?P<t>[^,]+?) (?:has |have )?(?:closed|shut) (?:down |its doors )?(?:for good|permanently)\b.*$`),
			regexp.MustCompile(`(?i)^(?:the |our )?(?P<t>.+?) (?:no longer exists?|doesn't exist any ?more|does not exist any ?more|went away)\b.*$`),
			regexp.MustCompile(`(?i)^(?:the |our |all )?[^,]+? (?:don't|doesn't|do not|does not|no longer) (?:need|require)s? (?P<t>.+?)(?:'s (?:sign-?off|approval|ok))? any ?more\b.*$`),
			// A topic, then a pronoun standing for it: "the screenshot rule, you can forget it".
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:you can |feel free to |please |just |go ahead and )?(?:forget|ignore|drop|scratch|disregard|ditch|delete|remove) (?:it|that|them|those|this one|that one)\b.*$`),
			regexp.MustCompile(`(?i)^(?:you can |feel free to |please |just |go ahead and )?(?:forget|ignore|scratch|disregard|ditch) (?P<t>it|them|those)\b.*$`),
			// "drop it from PRs", as the reply to "should it stay?": the
			// question names what goes (askedTopic).
			regexp.MustCompile(`(?i)^(?:no,? |nope,? |nah,? )?(?:you can |please |just |go ahead and )?(?:drop|remove|kill|delete|bin|nuke|lose|cut) (?P<t>it|them|those)(?: (?:from|out of) (?:all |every |the )?(?:prs|pull requests|ci|the pipeline|the build|the checks|the workflow))?(?: (?:for good|entirely|completely|altogether))?\s*[.!]?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:we|the team) (?:dropped|scrapped|ditched|abolished|retired|killed) (?:it|that|them)\b.*$`),
			regexp.MustCompile(`(?i)^(?:please )?(?:scratch|drop|forget(?: about)?|ditch|cancel|disregard|ignore|never ?mind|abandon|retire|nix|get rid of|throw out) (?:the |that |this |our |my )?(?:rule|convention|policy|requirement|guideline|instruction|thing|practice|habit|ban|moratorium) (?:about|on|for|of|regarding|around|where) (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:there's |there is )?no (?:more need|need any ?more) (?:to|for) (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:there's |there is )?no need (?:to|for) (?P<t>.+?) any ?more\b.*$`),
			regexp.MustCompile(`(?i)^(?:you |we )?(?:don't|do not) (?:have|need) to (?P<t>.+?) any ?more\b.*$`),
			regexp.MustCompile(`(?i)^(?:you |we )?no longer (?:have|need) to (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:we're|we are|i'm|i am) not (?:doing|using|running|requiring|following|enforcing|keeping|adding|writing) (?P<t>.+?) any ?more\b.*$`),
			regexp.MustCompile(`(?i)^(?:the |our )?(?P<t>.+?) (?:is|are) (?:history|a thing of the past|scrapped|abolished|lifted|no more)\b.*$`),
			regexp.MustCompile(`(?i)^(?:the |our )?(?P<t>.+?(?:freeze|rule|ban|policy|requirement|restriction|moratorium)) (?:is|are) (?:long |finally |now |well )?over\b.*$`),
			regexp.MustCompile(`(?i)^(?:we|the team|i)(?:'ve|’ve)? (?:have |just |finally )*(?:dropped|scrapped|abolished|ditched|retired|killed|got rid of|did away with|lifted|closed|sold|archived|cancell?ed|binned|threw (?:out|away)|shut down|uninstalled) (?:the |our |that |this )?(?P<t>.+?)(?:[ -](?:rule|convention|policy|requirement|practice|process))?$`),
			regexp.MustCompile(`(?i)^(?:you can|feel free to|go ahead and) (?:stop|forget(?: about)?) (?P<t>.+?)(?: from now on| going forward| any ?more)?$`),
			regexp.MustCompile(`(?i)^(?:please )?(?:you can |feel free to |go ahead and )?(?:scratch|drop|forget(?: about)?|ditch|remove|delete|kill|cancel|disregard|ignore|undo|never ?mind|abandon|retire|toss|lose|nix|get rid of|throw out)(?: what i said about)? (?:the |that |our |my |this )?(?P<t>(?:[^,;.]|\.\S)+?)[ -](?:rule|convention|policy|requirement|preference|guideline|instruction|thing|practice|habit|process|requirement|substitution|exception|workaround|restriction|override|arrangement|ban|moratorium)s?(?:\s.*)?$`),
			// "the Friday stats email can stop", "Moira said the weekly
			// export can go": what is no longer needed ("the release can
			// go now" lets it out).
			regexp.MustCompile(`(?i)^(?:(?:and |also |so )?\pL+ (?:also |just )?(?:said|says) (?:that )?)?(?:the |our |that )(?P<t>[^,;]{2,50}?) (?:can|could) (?:now )?(?:(?:stop|be dropped|be retired|be switched off|be turned off|be removed)(?:\s*$|\s*[.,;!—–-]|\s+(?:now|too|as well)\b)|go(?:\s*$|\s*[.,;!—–-]|\s+(?:too|as well)\b))`),
			// Leave to lift a measure: "you can take out the office-hours
			// block on OCR" (not "remove the catch block", a task).
			regexp.MustCompile(`(?i)^(?:so |and )?(?:you can|you may|feel free to|go ahead and) (?:now )?(?:take out|pull|remove|drop|lift|scrap|turn off|switch off) (?:the |that |our )?(?P<t>[^,;.]+? (?:block|ban|freeze|hold|limit|cap|restriction|curfew)(?: (?:on|for) [^,;.]{2,40}?)?)\s*(?:[,;.!]|$)`),
			regexp.MustCompile(`(?i)^(?:we|i|the team)(?: (?:no longer|stopped|quit|have stopped|have quit)|'ve stopped|'ve quit) (?P<t>.+)$`),
			// "we took Credo's strict mode back out": removed again.
			regexp.MustCompile(`(?i)^(?:we|i|the team)(?:'ve|’ve)? (?:have |just |finally )*(?:took|taken|pulled|ripped|turned|switched) (?:the |our |that |this )?(?P<t>[^,;]+?) (?:back )?(?:out|off)(?: of (?:the )?[\w./-]+)?\b(?:\s*[,;.!—–-].*|\s+(?:again|completely|entirely|for good)\b.*)?$`),
			regexp.MustCompile(`(?i)^(?:we|i|the team) (?:don't|do not|won't|will not|aren't|are not) (?P<t>.+?) (?:any ?more|at all (?:now|any ?more))\b.*$`),
			regexp.MustCompile(`(?i)^(?:stop|quit|no more|don't keep|do not keep|stop ever) (?P<t>(?:asking|pinging|cc'?ing|tagging|looping in|using|doing|running|adding|calling|waiting for|requiring|sending|posting|copying|emailing|mailing|printing|texting|forwarding|exporting|uploading|attaching|including|showing)[^,;]+)(?:[,;].*)?$`),
			// Relayed: "Graham told me to stop claiming mileage per mile".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:(?-i:\p{Lu}\p{Ll}+)|the [\w-]+|my [\w-]+|our [\w-]+) (?:told|asked) (?:me|us) to stop (?P<t>[^,;.]+).*$`),
			// "pip-taz no longer counts as restricted", "… comes off the restricted list".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]+?) (?:no longer counts? as|(?:comes?|came|has come|is coming|is|was taken|got taken) off the (?:[\w-]+ )?list)\b.*$`),
			regexp.MustCompile(`(?i)^(?:don't|do not) (?:ask|ping|cc|tag|bother|loop in) (?P<t>.+?) (?:any ?more|again)\b.*$`),
			regexp.MustCompile(`(?i)^(?P<t>that|this|it)(?: is|'s) no longer (?:the case|true|valid|needed|required|a thing|the rule|relevant|in effect)\b.*$`),
			// A reply pointing back: "no, that's over", "that rule was cancelled".
			regexp.MustCompile(`(?i)^(?:no|nope|nah)?,? ?(?P<t>that|this|it)(?: rule| one| thing)?(?:'s| is| was| has been| got) (?:already |long |since )?(?:over|done|finished|gone|cancelled|canceled|dropped|scrapped|lifted|history|off)\b.*$`),
			regexp.MustCompile(`(?i)^(?:the )?(?P<t>.+?) (?:no longer applies|no longer holds|doesn't apply any ?more|does not apply any ?more|is no longer (?:a thing|the rule|true|needed|required|valid|relevant|in effect|the case|necessary)|are no longer (?:needed|required|a thing|necessary)|(?:isn't|is not|aren't|are not) (?:needed|required|necessary|mandatory) any ?more|is gone|is dead|is obsolete|is deprecated|is retired|is cancelled|is canceled)\b.*$`),
			// "the friday freeze is off" ends it; "… is off by ~2%" is a number wrong.
			regexp.MustCompile(`(?i)^(?:the )?(?P<t>.+?) is (?:now )?off(?: now| for good| too| as well| again)?\s*(?:[,.;!]|$).*$`),
			// Leaving a thing behind: "we're leaving Read the Docs", "we're
			// moving off Heroku", "we are getting rid of the staging cluster".
			regexp.MustCompile(`(?i)^(?:(?:so|and|also|btw|fyi|ok|okay|next: \w+\.),? )*(?:we|we're|we are|the team is|the team's)(?:'re| are)? (?:finally |now |officially |slowly |gradually )?(?:moving off|moving away from|getting off|ditching|abandoning|retiring|sunsetting|phasing out|getting rid of) (?:of )?(?:the |our )?(?P<t>[^,;.]+?)(?:[,;.!:]|$| for | this | next | because | since | at the end| by the end)`),
			// A product left is named: "we're leaving Read the Docs", not
			// "we're leaving the office early".
			regexp.MustCompile(`(?i)^(?:(?:so|and|also|btw|fyi|ok|okay|next: \w+\.),? )*(?:we|we're|we are|the team is|the team's)(?:'re| are)? (?:finally |now |officially )?leaving (?P<t>(?-i:\p{Lu})[^,;.]*?)(?:[,;.!:]|$| for | this | next | because | since | at the end| by the end)`),
			// A decision to drop it: "the team agreed at retro to drop the manual approval step".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:we|the team|the leads|management|everyone|they|(?-i:[A-Z][a-z]+))(?: all)? (?:have |'ve )?(?:agreed|decided|voted)(?: (?:at|in|during) (?:the |today's |yesterday's |last week's |this week's )?[\w-]+(?: meeting)?)? to (?:drop|remove|scrap|stop|abolish|kill|get rid of|retire|ditch|skip) (?:the |our |that |this )?(?P<t>[^,]+?)(?:[ -](?:rule|step|requirement|policy|process|check))?(?: for good| from now on| going forward)?(?:[,.;!]|$)`),
			// "the nightly smoke run, we're dropping it"
			regexp.MustCompile(`(?i)^(?:and |also |oh and )?(?:the |our |that |this )?(?P<t>[^,]+?),\s*we(?:'re| are) (?:dropping|ditching|scrapping|killing) (?:it|that|them)\b.*$`),
			// What may go now: "the force CPU workaround can go too".
			regexp.MustCompile(`(?i)^(?:and |also |oh and )?(?:the |our |that |this )?(?P<t>[^,]+?) can (?:finally |now |also |safely )?(?:go|come out|come off(?: (?:the|our|all|every) [\pL\d-]+(?: [\pL\d-]+){0,2}?)?|be (?:dropped|removed|deleted|ripped out|taken out|taken off))(?: now| too| as well| again| away| completely| entirely| altogether| for good)*(?:[.,;:!]|$| since | because | we | it's | its | fixed | that | - | — )`),
			// "drop the confirmation email, nobody reads it": a practice
			// dropped for a reason, no task of the moment.
			regexp.MustCompile(`(?i)^(?:.+(?:: | and | so ))?(?:please )?(?:drop|remove|kill|scrap|get rid of|stop sending|stop) (?:the |our |that |this )?(?P<t>[^,;:]+?)\s*[,;—–-]+\s*(?:[\w-]+ (?:says?|said|shows?|showed|admits|admitted) (?:that )?)?(?:(?:nobody|no one|noone|none of us|nobody's|no one's) (?:ever )?(?:reads?|uses?|looks? at|needs?|wants?|opens?|checks?|reading|using|looking at)|(?:he|she|they|we|i|(?-i:\p{Lu}\p{Ll}+)) (?:never|doesn't|does not|don't|do not|didn't|did not) (?:even |ever |really |actually )?(?:reads?|uses?|looks? at|opens?|checks?|needs?|wants?))\b.*$`),
			// Dropped once what it stood in for works again: "the psp
			// sandbox has been stable for weeks, drop pspfake".
			regexp.MustCompile(`(?i)^.+? (?:has been|have been|is|are|'s|’s) (?:now |finally |back |really )?(?:stable|fixed|reliable|working|back up|up again|back online)\b[^,;]*[,;]\s*(?:so )?(?:drop|remove|kill|ditch|scrap|get rid of) (?:the |our |that )?(?P<t>[^,;:.]+?)(?:\s*[,;.!]|$)`),
			// Ripped out: "we ripped out Sentry after the privacy review".
			regexp.MustCompile(`(?i)^(?:(?:so|and|also|oh|btw)[,]? )*(?:we|i|the team)(?:'ve|’ve| have| just| finally)* (?:ripped|tore|torn|pulled|yanked|took|taken) out (?:the |our |all )?(?P<t>[^,;.]+?)(?: (?:after|because|since|following|as part of|for|when|last|this|on) [^,;.]*)?(?:\s*[;.!]|\s*$|,\s*(?:so |and |just |please )?(?:remove|delete|drop|clean up|take out|rip out|get rid of)\b)`),
			// An exception over: "that street can go back into the
			// rotation", "site 3 counts again".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | so ))?(?:the |our |that |this )?(?P<t>[^,;]+?) (?:counts? again|can go back (?:in|into (?:the )?[\w-]+(?: [\w-]+){0,2})|(?:is|are) back in (?:the )?(?:rotation|count|counts|stats|report|list|lists))(?:[,.;:!]|$| from | since | now| too| as well| after ).*$`),
			// Said in passing, after a reason: "she's more of a reader so no
			// more looms".
			regexp.MustCompile(`(?i)^.+? (?:so|and|but|,) no more (?P<t>[\w'-]+(?: [\w'-]+)?)(?:[,;:.!]|$)`),
			// What nobody has to do any more: "nobody signs on the rack
			// machine anymore".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:also )?(?:nobody|no one|no-one) (?:has to |needs to |must |should |is )?(?P<t>[^,;]+?) any ?more\b.*$`),
			// A rule made pointless: "the friday rule is moot now".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our |that )?(?P<t>[^,]+?) (?:is|are) (?:now )?(?:moot|void|pointless|irrelevant)\b.*$`),
			// A client or supplier no longer one: "fenwick isn't a client
			// anymore".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?P<t>[^,]+?) (?:isn't|is not|aren't|are not|is no longer|are no longer) (?:a |an |our |my )?(?:client|customer|partner|vendor|supplier|contractor|sponsor)s?(?: of (?:mine|ours))?(?: any ?more)?\b.*$`),
			// Someone else dropped it: "greenway dropped the care plan",
			// "grad school dropped the spacing requirement".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:also |and |oh and |so )?(?:the )?[\w'-]+(?: [\w'-]+)? (?:dropped|scrapped|abolished|cancelled|canceled|ended|killed|axed|ditched) (?:the |their |its |our )(?P<t>[^,;]+?)(?: (?:with|in|at|from|since|last|this) .*)?(?:[,;.!]|$)`),
			// "the vet talked us out of the no-entire-males rule": argued
			// out of a rule.
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:also |and |so |good news,? )*(?:the )?[\w'-]+(?: [\w'-]+)? (?:talked|argued) (?:us|me|them|him|her) out of (?:the |our |their |that )?(?P<t>[^,;.]{3,50}?)(?:[,;.!—–]|\s+-\s|$)`),
			// A person no longer doing a duty: "Tom no longer deploys", "Ana doesn't review the SQL anymore".
			regexp.MustCompile(`^(?:.+(?:, | and | but | so ))?(?P<tp>` + nameRe + `) (?:(?i:no longer) (?P<v>\pL+)|(?i:doesn't|does not) (?P<v2>\pL+)[^,.;]{0,30} (?i:any ?more))\b.*$`),
			// A supplier gone out of business: "MetDesk went bust".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:went bust|went under|went out of business|is out of business|folded|has folded|went bankrupt|is bankrupt)\b.*$`),
		},
		ended: []*regexp.Regexp{
			// "we passed the audit with no findings": a trial gone through.
			regexp.MustCompile(`(?i)^(?:(?:good news|great news|so|and|also|btw)[:,]? )?(?:we|we've|we have) (?:just |finally )?passed (?:the |our )(?P<t>[^,;.]{2,30}?)(?: with [^,;.]+)?(?:[,.;!]|$)`),
			regexp.MustCompile(`(?i)^(?:now that |since |so )?(?:the |our )?(?P<t>[^,]+?) (?:is|are|'s) (?:now |finally |officially |already )?(?:over|done|finished|behind us|lifted|wrapped(?: up)?)(?:\s+(?:early|earlier|late|on time))?(?:\s*[.,;:!—–-]|\s+(?:now|already|finally|officially|so|and|but|thanks|since|as of|last|this|yesterday|today|btw|by the way)\b|$).*$`),
			regexp.MustCompile(`(?i)^(?:now that |since |so )?(?:the |our )?(?P<t>[^,]+?) (?:has |have )?(?:finally |officially |already )?(?:ended|finished|wrapped up|got lifted|was lifted)(?:\s+(?:early|earlier|late|on time))?(?:\s*[.,;:!—–-]|\s+(?:now|already|finally|officially|so|and|but|thanks|since|as of|last|this|yesterday|today|at the end of|in|on)\b|$).*$`),
		},
		reopened: []*regexp.Regexp{
			// "same-day bookings should get a text too now": what was left
			// out is in too.
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our |all )?(?P<t>[^,]{2,40}?) (?:\S+ ){1,4}?(?:too|as well),? (?:now|from now on)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:is|are|'s|'re) (?:now |finally )?(?:bookable|available|allowed|permitted|welcome|possible|open|fine|ok|okay|usable) again\b.*$`),
			// "you can use Storybook again": what one may use again, said
			// with who may.
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:good news,? |ok,? |okay,? )?(?:you|we|they|everyone|everybody|people|the team|devs) (?:can|may) (?:now |finally |all )?(?:use|install|pull in) (?:the |our )?(?P<t>[^,;.]{2,40}?) again\b.*$`),
			// "Storybook can be used again".
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:can|may) (?:now |finally )?be used again\b.*$`),
			// "switch the nightly database dump back on": what was paused
			// runs again.
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:please |so |and )?(?:switch|turn|put) (?:the |our )?(?P<t>[^,;.]{2,40}?) back on\b`),
			// "Bergen reopened last week": what was closed is open again.
			regexp.MustCompile(`(?i)^(?:good news,? |so |and |also )*(?:the |our )?(?P<t>[^,]{2,40}?) (?:has |have |finally |just )*(?:reopened|re-opened)\b`),
			// "we deploy whenever, sale day or not", "deploys whenever now,
			// Fridays included": what was held to some days is done any
			// day (the clause after, a clause of its own, names the day).
			regexp.MustCompile(`(?i)(?:^|[\s,])(?:(?:we|you|they|people|everyone|anyone) (?:can |may |now )?(?P<t>\pL[\pL-]+(?: \pL[\pL-]+)?)|(?P<t2>\pL[\pL-]+s)) (?:whenever|any ?time|on any day)(?: (?:now|we (?:want|like)|you (?:want|like)|from now on))?(?:\s*[,;.!—–-]|\s*$)`),
			// "maps can be scanned on Saturdays again": what may be done
			// again is the thing with what is done to it (v).
			regexp.MustCompile(`(?i)^(?:.+(?:, | and | but | so ))?(?:the |our )?(?P<t>[^,]{2,40}?) (?:can|may) (?:now |finally )?(?:be )?(?P<v>(?:\S+ ){1,4}?)again\b.*$`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:good news,? |now that |since |so |and |also )*(?:the |our )?(?P<t>[^,]{2,40}?)(?: (?:has|have) been| (?:got|was|were|is|are)|'s(?: been)?|'ve been|'re) (?:finally |now |just |all )?(?:fixed|repaired|mended|back in stock|back up|back from (?:the )?(?:repair|service|[\p{Lu}\d][^,;.]{1,30})|back to normal|working again|running again|up and running|up again|open again|reopened)\b`),
			// "tc-win-09 came back with a new SSD", "the scanner's back online",
			// "the walk-in is back — compressor replaced".
			regexp.MustCompile(`(?i)^(?:good news,? |so |and |also )*(?:the |our )?(?P<t>[^,]{2,40}?)(?: came| has come| is|'s) (?:finally |now |fully )?back (?:with|from|online|up|in service)\b`),
			regexp.MustCompile(`(?i)^(?:good news,? |so |and |also )*(?:the |our )?(?P<t>[^,—–(]{2,40}?)(?: is|'s| are|'re) (?:finally |now )?back(?:\s*$|\s*[—–(,;!]| and\b| so\b)`),
			// "mobile 5.2 shipped yesterday", "the osrm graph's rebuilt": what
			// a rule waited on ("until mobile 5.2 is out") happened.
			regexp.MustCompile(`(?i)^(?:good news,? |so |and |also )*(?:the |our )?(?P<t>[^,]{2,40}?)(?: (?:has|have) (?:finally )?(?:shipped|been released|been rebuilt|landed|gone out)| (?:finally )?(?:shipped|went out|landed)|(?: is| are| was| were|'s) (?:finally |now )?(?:released|rebuilt))(?:\s*$|\s*[.,;!—–(]| (?:yesterday|today|last \w+|this \w+|so|and)\b)`),
			// "mobile 5.2 is out": a release, not a person away.
			regexp.MustCompile(`(?i)^(?:good news,? |so |and |also )*(?:the |our )?(?P<t>[^,]{1,30}?\d[\w.]*)(?: is|'s) (?:finally |now )?out(?:\s*$|\s*[.,;!—–(]| (?:yesterday|today|so|and)\b)`),
			regexp.MustCompile(`(?i)^(?:good news,? |and |also |so )*(?:they|we|someone|the engineer|the vendor|the supplier|it) (?:finally |just |have |has |'ve )*(?:fixed|repaired|mended|reopened) (?:the |our )?(?P<t>[^,]{2,40}?)(?:\s*[.,;!]|\s+(?:so|and|now|finally|yesterday|today|last)\b|$)`),
		},
		forget: regexp.MustCompile(`(?i)^(?:please )?(?:forget(?: about| that| what i (?:said|told you) about| everything about)?|(?:don'?t|do not) remember(?: that)?|stop remembering(?: that)?|you can forget(?: about| that)?|remove the memory(?: that| about| of)?|delete (?:the |your )?(?:memory|note) (?:of|about|on))\s+(?P<t>.+)$`),
		// "it's HL7 2.6 now, not 2.5.1": a value said with the one
		// it corrects.
		corrects: regexp.MustCompile(`(?i)[\p{L}\p{N}%°]\s*(?:now|actually)?,\s+(?:and\s+)?not\s+(?P<prep>(?:on|in|at|by) )?(?:the\s+)?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?:\s?(?:\d[\w.]*|%|°\w?|[a-z]{1,3}))?)\s*(?:[,.;!]|$)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`(?i)\b(?:moved|migrated|switched|changed|went|upgraded|downgraded|ported|transitioned|swapped|renamed|moving|switching|migrating|renaming|move|migrate|switch|change|swap|port|rename)(?: [\w'’-]+){0,3}? (?:off(?: of)?|away from|from) (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\b(?:instead of|rather than|in place of|replaces|replaced|replacing|not) (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?) any ?more\b`),
			// "not X, but Y": a correction names what it was not.
			regexp.MustCompile(`(?i)\b(?:is|are|was|were|goes|go|runs?|lives?)(?: not|n't) (?:on |in |with |to |through |the |a )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?: \d[\w.]*)?)(?:,? but\b|, (?:it's|it is|it was|that's|they're)\b|,?$)`),
			regexp.MustCompile(`(?i)\b(?:instead of|rather than|in place of|replaces|replaced|replacing)(?: the)? (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			// "staging isn't on render.com anymore": where a thing was.
			regexp.MustCompile(`(?i)\b(?:is|are|runs?|lives?|goes|go)(?: not|n't|n’t) (?:on|in|at|with|through|behind|hosted on|running on) (?:the )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?: \d[\w.]*)?) any ?more\b`),
			// "Wei swapped Leaflet for MapLibre": the first goes.
			regexp.MustCompile(`(?i)\b(?:swapped|swap|swapping|traded|exchanged)(?: out)? (?:the |our )?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?) (?:for|with)\b`),
			regexp.MustCompile(`(?i)\bno longer (?:on|using|use|uses|in|at|with|runs? on|lives? in)? ?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\b(?:was|used to be|previously|formerly) (?P<old>[\w.:/@#+-]*\d[\w.:/@#+-]*)`),
			regexp.MustCompile(`(?i)\bused to (?:use|run|be on|have|host on) (?P<old>[\w.:/@#+-]+)`),
			// "two days was too late": the old value, and why it went.
			reTooOld,
			regexp.MustCompile(`^(?P<old>\p{Lu}[\w-]+(?: \p{Lu}[\w-]+)?) (?:has )?(?:handed|passed) (?:over )?(?:the |her |his |their )?[\w\s-]{2,40}? (?:over )?to\b`),
			// "Dami does the releases now, Olek handed it over last
			// month": who handed over what the clause before names.
			regexp.MustCompile(`(?:[,;]\s*|\band\s+)(?P<old>\p{Lu}[\p{L}-]+) (?:has |had |just )?(?:handed|passed) (?:it|them|that|this|those) (?:over|on)\b`),
		},

		determiners: set("the", "a", "an", "our", "my", "your", "their", "its", "this", "that", "these", "those", "all", "every", "each", "any", "some", "btw", "also", "now", "actually", "so", "and", "oh", "ok", "okay", "from", "just", "current", "currently", "main", "new", "old", "basically", "really", "yeah", "yes", "yep", "well"),
		pronounSubj: set("i'll", "i'd", "i've", "we'll", "we'd", "you're", "we", "i", "it", "this", "that", "you", "they", "he", "she", "there", "everything", "everyone", "nothing", "someone", "something", "which", "who", "what", "here", "i'm", "we're", "it's", "that's", "there's"),
		forPrep:     regexp.MustCompile(`(?i)\b(?:for|as (?:our|the)|to (?:build|run|manage|deploy|host|store|test|format|lint))\s+(?:the |our |all |every |any )?(?P<np>[\w\s/.-]{2,40}?)(?:[,.;!]|$| and | but | because | since | so | in | on | at )`),
		properStop:  set("I", "The", "A", "An", "Our", "My", "We", "It", "This", "That", "Please", "Always", "Never", "Don't", "Do", "Use", "Ask", "Ping", "CI", "PR", "PRs", "API", "OK", "Ok", "Yes", "No", "If", "When", "And", "But", "So", "Also", "Btw", "BTW", "Hey", "Hi", "Thanks", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Slack", "GitHub", "Jira", "Linear", "Google", "AWS", "Anything", "Everything", "Someone", "Team", "Everyone", "Nobody", "Go", "Rust", "Python", "Java"),
	}
}

func german() *lexicon {
	return &lexicon{
		departed:     regexp.MustCompile(`^(?:(?:[Dd]er|[Dd]ie|[Uu]nsere?) )?(?:alten? )?` + deTitleRe + `(?P<t>` + nameRe + `) (?:ist|hat|sind) (?:jetzt |ja |doch |schon |seit (?:\S+ ){1,3}?|ab (?:\S+ ){1,2}?|(?:zum |zu )?(?:Ende|Anfang|Mitte) \S+ |im \S+ |letzte[nr]? \S+ |mittlerweile |inzwischen |leider |übrigens |auch |nach (?:der|dem|seiner|ihrer|einem|einer) \S+ )*(?:(?:mit [^,]{1,20} )?nach (?-i:\p{Lu})\pL+ (?:um)?gezogen\b|weggezogen\b|in (?:Elternzeit|Mutterschutz|Rente|Pension|Sabbatical)|im Ruhestand|in den Ruhestand|(?:im|in|auf) (?:Urlaub|Elternzeit)|nicht mehr (?:im|in|bei|da|Teil)|(?:das|unser) Team verlassen|gekündigt|aufgehört\b|zugemacht\b|dichtgemacht\b|(?:ins|in das|zum|zu|in ein) .{1,40}(?:gewechselt|gegangen)|gewechselt|weg|raus|nicht mehr dabei|uns (?:(?:Ende|Anfang|Mitte) \S+ |im \S+ |letzte[nr]? \S+ |leider )*verlassen|(?:ihr|sein) Amt(?: [^,]{1,40}?)? niedergelegt)|^(?:(?:[Bb]ei|[Ii]n|[Ii]m|[Aa]n|[Vv]on) [^,]{1,30} )?(?:ist|sind) (?:(?:der|die) )?` + deTitleRe + `(?P<t4>` + nameRe + `) (?:jetzt |seit (?:\S+ ){1,3}?|mittlerweile |inzwischen |leider |übrigens |auch )*(?:in (?:Rente|Pension|Elternzeit|Mutterschutz)|im Ruhestand|in den Ruhestand gegangen|nicht mehr (?:da|bei uns|dabei))\b|^(?P<t2>(?-i:\p{Lu}\p{Ll}+?))s Vertrag (?:ist|wurde) (?:\S+ ){0,3}?(?:ausgelaufen|beendet|nicht verlängert)|^(?:(?-i:\p{Lu}\p{Ll}+) )?(?:hat|ist) ` + deTitleRe + `(?P<t3>(?-i:\p{Lu}[\p{Ll}'’-]+)) (?:\S+ ){0,5}?(?:gewechselt|gegangen|ausgeschieden)\b`),
		returned:     regexp.MustCompile(`^` + deTitleRe + `(?P<t>` + nameRe + `) (?:ist|sind) (?:jetzt |seit (?:\S+ ){1,3}?|wieder |endlich |zum Glück )*(?:zurück|wieder da|aus (?:der |dem )?\S+ zurück)`),
		questionLead: leadRe(`was`, `warum`, `wieso`, `weshalb`, `wie`, `wo`, `wohin`, `woher`, `wann`, `wer`, `wen`, `wem`, `welche[rsnm]?`, `kannst`, `könntest`, `können wir`, `kann ich`, `soll ich`, `sollen wir`, `sollte ich`, `ist das`, `ist es`, `sind das`, `hast du`, `habt ihr`, `haben wir`, `gibt es`, `weißt du`, `wisst ihr`, `machst du`, `darf ich`, `dürfen wir`, `muss ich`, `müssen wir`, `würdest du`, `ich frage mich`, `weiß jemand`),
		hypo:         wordsRe(`gefragt, ob`, `man hört`, `hört man`, `fragt, ob`, `wissen, ob`, `ich hab gehört`, `hab ich gehört`, `ich habe gehört`, `hab gehört`, `angeblich`, `gerede`, `gerücht`, `gerüchte`, `soll wohl`, `heißt es`, `angenommen`, `vielleicht`, `eventuell`, `möglicherweise`, `könnten`, `könnte`, `würde`, `würden`, `wäre`, `wären`, `hätten`, `stell dir vor`, `was wäre`, `mal angenommen`, `theoretisch`, `ich überlege`, `wir überlegen`, `überlegen`, `keine ahnung ob`, `ich frage mich`, `wahrscheinlich`, `irgendwann`, `idee`, `ich glaube`, `ich denke`, `vermutlich`),
		cond:         wordsRe(`wenn`, `falls`, `sobald`, `immer wenn`),
		oneOff:       wordsRe(`heute`, `morgen`, `heute abend`, `jetzt erstmal`, `erstmal`, `erst mal`, `vorerst`, `vorläufig`, `für jetzt`, `für den moment`, `im moment`, `nur diesmal`, `diesmal`, `dieses mal`, `nur dieses eine mal`, `in diesem pr`, `für diesen pr`, `für dieses ticket`, `für diese aufgabe`, `in dieser session`, `diese woche`, `bis morgen`, `bis freitag`, `temporär`, `vorübergehend`, `zunächst`, `gerade eben`, `fürs erste`, `für heute`),
		joke:         regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:haha\w*|hehe\w*|lol|spaß|scherz|war ein witz|nur ein witz|witz|nicht ernst gemeint|ironie|jaja|klar doch)(?:$|[^\p{L}])|😂|🤣|🙃|😜`),
		noNotes:      wordsRe(`nicht (?:in (?:die|deine) notizen|notieren|merken|speichern|aufschreiben)`, `schreib (?:das|dies|es)(?: bitte)? nicht auf`, `(?:das|dies) bitte nicht (?:notieren|aufschreiben|merken|speichern)`, `merk dir (?:das|dies|es) nicht`, `nicht fürs protokoll`, `nicht für die notizen`, `off the record`, `unter uns`, `vergiss das gleich wieder`, `bitte nicht (?:notieren|merken|speichern)`, `das muss (?:man|du) dir nicht merken`, `(?:schreib|speicher|notier)(?:e)? (?:das|es|sie|ihn) (?:bitte )?nirgends(?: hin| auf)?`, `nirgends (?:aufschreiben|notieren|speichern|hinschreiben|ablegen)`),
		task:         wordsRe(`diese[snmr]?`, `das hier`, `hier`, `gerade`, `kurz`, `mal`, `schnell`, `zuerst`, `als nächstes`, `fix`, `fixe`, `behebe`, `beheb`, `repariere`, `debugge`, `schau dir`, `schau mal`, `guck`, `zeig`, `erklär`, `erkläre`, `hilf`, `implementiere`, `lösch`, `lösche`, `entferne`, `erstelle`, `probier`, `versuch`, `mach weiter`, `weiter`, `installiere`),
		state:        wordsRe(`(?:ist|sind|war|läuft) (?:noch |immer noch |gerade |wieder )?(?:kaputt|rot|grün|langsam|down|weg|fertig|leer|falsch|flaky|instabil|fehlerhaft|gemergt|gefixt)`, `schlägt fehl`, `schlagen fehl`, `fehlgeschlagen`, `funktioniert nicht`, `geht nicht`, `hängt`, `stürzt ab`, `crasht`, `bricht ab`),
		narrative:    leadRe(`ich (?:habe|hab|hatte) (?:gerade|eben|schon|gestern|heute|es|das|den|die)`, `ich war`, `ich (?:denke|glaube|meine|finde|sehe|schaue|versuche|probiere|vermute|hoffe|werde|will dass du)`, `ich weiß nicht`, `ich bin mir nicht sicher`, `lass mich`),
		report:       regexp.MustCompile(`(?i)^(?:[\p{L}.'’ -]{1,40}?) (?:schrieb|schreibt|hat geschrieben|sagte|sagt|hat gesagt|meinte|postete|hat gepostet|schickte|hat geschickt)\s*:|^(?:von|betreff|an|datum|gesendet)\s*:|^-{2,}\s*(?:ursprüngliche|weitergeleitete) nachricht`),

		fillerLead:   leadRe(`moin moin`, `moin`, `erstens`, `zweitens`, `drittens`, `zuerst`, `als erstes`, `zum schluss`, `schließlich`, `servus`, `generell`, `grundsätzlich`, `allgemein`, `im allgemeinen`, `bei uns`, `in unserem team`, `zur einordnung`, `zum kontext`, `kontext`, `hintergrund`, `ok`, `okay`, `also`, `übrigens`, `ach ja`, `ach`, `und`, `noch was`, `noch etwas`, `kurz`, `btw`, `nebenbei`, `nebenbei bemerkt`, `apropos`, `ps`, `hallo`, `hi`, `hey`, `gut`, `alles klar`, `danke`, `ja`, `nein`, `genau`, `eigentlich`, `korrektur`, `ach übrigens`, `übrigens noch`, `wichtig`, `hinweis`, `info`, `kurze info`, `zur info`, `fyi`, `update`, `moment`, `nur damit du es weißt`, `gut zu wissen`, `ab jetzt`, `ab sofort`, `künftig`, `zukünftig`, `in zukunft`, `von nun an`, `äh+m?`),
		rememberLead: leadRe(`(?:bitte )?(?:merk dir|merke dir|notier dir|notiere|notier|denk dran|denke daran|vergiss nicht|nicht vergessen|zur kenntnis|für später|fürs protokoll|für die zukunft|behalte im hinterkopf)(?:,? dass)?`),
		rememberTail: regexp.MustCompile(`(?i)[,;:.!\s—–-]+(?:bitte )?(?:merk dir das|merke dir das|behalte das im hinterkopf|denk dran|nicht vergessen)\s*[.!]*$`),

		intro:     regexp.MustCompile(`(?i)^(?:(?:hallo|hi|moin|servus)[,!]?\s+)?` + nameRe + `,\s+(?:ich)\b|^(?:ich bin|hier ist) ` + nameRe + `\b|^` + nameRe + ` hier\b|^(?:ich heiße|mein name ist|nenn mich) |^ich (?:habe|hab) (?:.{1,60}) übernommen\b|^ich bin (?:für .{1,60} )?(?:zuständig|verantwortlich)\b|^ich (?:arbeite (?:an|bei|im|in|als|mit)|leite|betreue|verantworte|kümmere mich um|bin neu|bin (?:der|die) (?:neue|neuer)?|bin im|bin beim|bin bei|bin in|bin teil)\b|^meine (?:rolle|aufgabe|zeitzone) ist\b|^ich bin (?:backend|frontend|devops|sre|data|lead|tech lead|entwickler|entwicklerin|engineer|ingenieur|ingenieurin|product|pm|architekt|architektin)`),
		team:      regexp.MustCompile(`(?i)(?:^|\s)(?:hat .{1,50} an \p{Lu}\p{L}+(?: \p{Lu}\p{L}+)? (?:übergeben|abgegeben|weitergegeben)|(?-i:(?:hat|haben|übernimmt|übernehmen|macht|machen) (?:jetzt|ab jetzt|nun|ab sofort|künftig|seitdem|dann|stattdessen|von jetzt an) )` + deTitleRe + `(?-i:\p{Lu}\p{L}+)|ist zuständig|ist verantwortlich|sind zuständig|kümmert sich um|kümmern sich um|betreut|verantwortet|leitet|gibt (?:.{1,50} )?frei|muss (?:.{1,50} )?(?:freigeben|absegnen|abnicken|genehmigen|reviewen)|genehmigt|entscheidet über|reviewt|macht (?:die |das )?(?:reviews|release|releases|freigabe)|ist (?:der|die|unser|unsere) (?:\w+)?(?:ansprechpartner|ansprechpartnerin|owner|lead|chef|chefin|expertin|experte|verantwortliche|verantwortlicher|maintainer|maintainerin))\b|(?:^|\s)(?:frag|frage|fragt|ping|pinge|wende dich an|sprich mit|schreib) (?:am besten |immer |bei )?` + nameRe + `|(?:^|\s)fragen .{0,120}?\b(?:gehen |bitte |immer |ab jetzt |ab sofort )*an (?:herrn |frau )?` + nameRe + `|(?:ansprechpartner(?:in)?|owner(?:in)?|zuständig|freigabe|freigaben|reviews?)(?: für [\p{L}\s/-]+?)? (?:ist|sind|kommt von|kommen von|liegt bei|liegen bei|macht|durch) ` + nameRe + `|gehört (?:zu )?(?:dem |der )?(?:team|` + nameRe + `)|^[\p{L}-]+ (?:macht|machen|übernimmt|erledigt|betreut|verantwortet|prüft|reviewt)(?: bei uns| hier| immer| normalerweise| meistens)* (?:` + nameRe + `|(?:herr|frau) \p{L}+)|(?:ist|sind) (?:herr|frau) \p{L}+ .{0,40}(?:ansprechpartner|zuständig|verantwortlich)`),
		decision:  leadRe(`wir haben (?:uns )?(?:(?:für|gegen) .{1,40} )?(?:entschieden|beschlossen|geeinigt|festgelegt)`, `wir (?:entscheiden uns|nehmen|bleiben bei|gehen mit|setzen auf)`, `entscheidung`, `beschlossen`, `es bleibt bei`, `wir haben entschieden`, `die entscheidung ist`),
		pref:      leadRe(`mir ist (?:es )?lieber`, `ich hätte (?:es )?lieber`, `am liebsten`, `(?:eine |kleine )?vorliebe(?: von mir)?\s*:`, `ich (?:persönlich )?(?:bevorzuge|mag|liebe|hasse|finde .{1,40} (?:besser|schöner|lesbarer|angenehmer))`, `ich hätte (?:gern|gerne|lieber)`, `mir (?:ist|sind) .{1,40} lieber`, `ich möchte (?:immer|nie|lieber|keine|gerne|dass)`, `ich will (?:immer|nie|keine)`, `mein lieblings\w*`, `mein bevorzugter`, `am liebsten`, `lieber`, `ich arbeite lieber`, `ich nutze lieber`),
		durable:   wordsRe(`generell`, `grundsätzlich`, `im allgemeinen`, `in unserem team`, `immer`, `nie`, `niemals`, `jede[snmr]?`, `alle[snmr]?`, `jedes mal`, `grundsätzlich`, `standardmäßig`, `ab jetzt`, `ab sofort`, `künftig`, `zukünftig`, `in zukunft`, `von nun an`, `generell`, `prinzipiell`, `stets`, `ausschließlich`, `nur`, `keine[nmr]?`, `kein`, `unser[e]?[snmr]?`, `bei uns`, `im (?:repo|projekt)`, `regel`, `konvention`, `richtlinie`, `standard`, `grundsätzlich`, `wir nutzen`, `wir verwenden`, `wir benutzen`, `nirgends`),
		modal:     wordsRe(`muss`, `müssen`, `soll`, `sollen`, `sollte`, `sollten`, `darf nicht`, `dürfen nicht`, `darf kein\w*`, `dürfen kein\w*`, `ist verboten`, `sind verboten`, `verboten`, `nicht erlaubt`, `ist pflicht`, `pflicht`, `erforderlich`, `braucht`, `brauchen`, `läuft (?:über|durch)`, `laufen (?:über|durch)`, `geht (?:über|durch)`, `gehen (?:über|durch)`, `gehört in`, `gehören in`),
		imperLead: leadRe(`nutz`, `nutze`, `benutz`, `benutze`, `verwende`, `verwend`, `mach`, `mache`, `schreib`, `schreibe`, `führ`, `führe`, `lass`, `lasse`, `frag`, `frage`, `push`, `pushe`, `committe`, `commit`, `halte`, `halt`, `achte`, `bau`, `baue`, `teste`, `nimm`, `pack`, `packe`, `leg`, `lege`, `setz`, `setze`, `vermeide`, `bitte`, `immer`, `nie`, `niemals`, `keine`, `kein`, `nur`, `starte`, `deploye`, `sprich`, `antworte`, `benenne`, `formatiere`, `dokumentiere`, `ruf`, `rufe`, `merge`, `squashe`, `rebase`, `tagge`, `signiere`, `lauf`, `ping`, `pinge`, `melde`, `schick`, `schicke`, `halte dich`),
		factVerb:  wordsRe(`landet`, `landen`, `kostet`, `kosten`, `lagert`, `lagern`, `ist`, `sind`, `war`, `liegt`, `liegen`, `läuft`, `laufen`, `lebt`, `steht`, `stehen`, `nutzt`, `nutzen`, `verwendet`, `verwenden`, `benutzen`, `benutzt`, `heißt`, `basiert auf`, `hängt an`, `gehört`, `befindet sich`, `befinden sich`, `sitzt`, `zeigt auf`, `hat`, `haben`, `dauert`, `beträgt`, `=`, `wird`, `werden`, `kommt aus`, `kommen aus`, `(?:kommt|kommen|liefert|liefern) (?:übrigens |jetzt |inzwischen |mittlerweile |neuerdings |ab sofort |immer )?(?:von|aus)`, `braucht`, `brauchen`, `geh(?:t|en) (?:an|über|nach|zu|auf)`, `land(?:et|en) (?:in|auf|im|bei)`),
		strong:    wordsRe(`liegt (?:in|auf|im|bei|unter)`, `liegen (?:in|auf|im|bei|unter)`, `läuft (?:auf|in|im|über|unter|bei)`, `laufen (?:auf|in|im|über|unter|bei)`, `wird (?:in|auf|mit|über|bei|von) .{1,40} (?:gebaut|gehostet|deployt|verwaltet|gespeichert|betrieben|geschrieben|gebaut)`, `werden (?:in|auf|mit|über|bei|von) .{1,40} (?:gebaut|gehostet|deployt|verwaltet|gespeichert|betrieben)`, `ist in .{1,30} geschrieben`, `basiert auf`, `befindet sich`, `befinden sich`, `zeigt auf`, `lebt in`, `sitzt in`, `steht in`, `stehen in`, `kommt aus`, `kommen aus`, `ist (?:in|auf|im|bei|unter|hinter)`, `sind (?:in|auf|im|bei|unter|hinter)`, `geh(?:t|en) (?:an|über|nach|zu|auf)`, `land(?:et|en) (?:in|auf|im|bei)`),
		we:        leadRe(`wir \p{L}+(?:en|ern|eln)`, `wir sind (?:(?:jetzt|übrigens|inzwischen|mittlerweile|schon|noch|gerade|aktuell|eigentlich|seit .{1,30}) )*(?:auf|bei|in|mit)`, `wir (?:nutzen|verwenden|benutzen|setzen|deployen|hosten|bauen|haben|arbeiten|releasen|schreiben|machen|pushen|mergen|squashen|rebasen|testen|laufen|speichern|halten|pflegen|folgen|benennen)`, `unser[e]?[nmrs]? `, `bei uns`, `alle[snmr]? `, `jede[snmr]? `, `kein[e]?[nmrs]? `),

		update:    regexp.MustCompile(`(?i)(?:^|\s)(?:steigt|steigen|sinkt|sinken|fällt|fallen|erhöht sich|erhöhen sich|verringert sich|ändert sich) (?:jetzt |ab sofort |dann )?(?:die |der |das |unsere? )?(?P<np5>[\p{L}-]{2,30})(?: [\p{L}-]+){0,2}? (?:von \S+ )?auf \d|^(?:der |die |das |unser |unsere )?(?P<np4>[\p{L}-]{2,30}) (?:geht|gehen) (?:jetzt |ab sofort |nun )?(?:auf|zu) .{1,30}? (?:runter|hoch|rauf|herunter|herauf)\b|^wir (?:sind|gehen|wechseln) (?:jetzt |nun |doch )?(?:wieder )?zurück (?:auf|zu|bei|zum|zur)\b|^(?:wir haben |ich habe )?(?:die |den |das |unsere[nm]? )?(?P<np>[\p{L}\s-]{2,40}?) (?:von .{1,40} )?(?:auf|nach|zu) .{1,40} (?:umgestellt|migriert|gewechselt|umgezogen|geändert|aktualisiert|angehoben|verschoben|verlegt|erhöht|gesenkt|reduziert|hochgesetzt|runtergesetzt)|^(?:und |also |übrigens )?(?:die |den |das |unsere[nm]? )?(?P<np7>[\p{L}-]{2,30}) (?:hab|habe|haben) (?:ich|wir) (?:jetzt |schon |gestern |heute |inzwischen )?(?:auf|nach) .{1,40}? (?:verschoben|verlegt|umgestellt|geändert|gesetzt|gestellt|erhöht|reduziert|gesenkt|angehoben|hochgesetzt|runtergesetzt)\b|^(?:der |die |das |unser |unsere )?(?P<np2>[\p{L}-]{2,30}) (?:beginnt|startet|läuft|liegt|kostet|dauert|findet|endet|ist|sind) (?:\S+ )?(?:jetzt|ab sofort|mittlerweile|inzwischen|neuerdings|nun)\b|^(?:im |in der |beim |bei der )?(?P<np3>[\p{L}-]{2,30}) sind wir (?:jetzt |mittlerweile |inzwischen |nun )?(?:auf|bei)\b|^(?:also |und |jetzt |ab sofort )?(?:wir|ich) (?:ziehen|ziehe|heben|hebe|stellen|stelle|setzen|setze|drehen|drehe|stufen|stufe)(?: jetzt| ab sofort| nun| gerade)? (?:alle |die |den |das |unsere[nm]? )?(?P<np6>[\p{L}\s-]{2,30}?) (?:von \S+ )?auf .{1,40}? (?:hoch|an|um|herab|runter|rauf|herunter|herauf|zurück)(?:[,.;!]|$)`),
		strongCue: wordsRe(`immer`, `nie`, `niemals`, `jedes mal`, `ab jetzt`, `ab sofort`, `künftig`, `grundsätzlich`, `ausnahmslos`, `ohne ausnahme`, `stets`),
		taskLead:  leadRe(`(?:kannst du |könntest du |bitte )?(?:benenne|fixe|behebe|füge|entferne|lösche|erstelle|aktualisiere|ändere|verschiebe|implementiere|schreib|mach|führe|prüfe|schau|probier|zeig|erklär|öffne|installiere|baue|teste|merge|committe|pushe|starte|stopp|lass uns)`),
		retract: []*regexp.Regexp{
			// "sie wollen kein Papier mehr": what someone no longer wants.
			regexp.MustCompile(`(?i)^(?:.+?(?:, | und | aber | : ))?(?:sie|er|der kunde|die kundin|das büro|die kanzlei) (?:wollen|will|brauchen|braucht) (?:kein(?:e|en)?|nicht mehr (?:die|den|das)) (?P<t>[^,;.:]+?)(?: mehr)?(?:[,;.:]|$)`),
			// "wir hören auf, montags zu veröffentlichen": a practice stopped.
			regexp.MustCompile(`(?i)^(?:.+(?:, | und ))?(?:wir hören|wir haben) (?:jetzt |ab sofort |damit )?auf(?:gehört)?,? (?P<t>[^,;]+?) zu \pL+(?:[,;.!].*)?$`),
			// Jemand anderes hat ein Verbot aufgehoben: "das Landratsamt hat
			// die Sperrung gestern aufgehoben".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?\pL[^,;:]{1,40}? (?:hat|haben) (?P<t>(?:die|den|das) [^,;.]{2,50}?) (?:jetzt |gestern |heute |endlich |wieder )*(?:aufgehoben|zurückgenommen)(?:[^\pL\pN].*)?$`),
			// Required no more.
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das )?(?P<t>[^,]{2,40}?) (?:ist|sind) (?:jetzt |ab sofort |künftig )*(?:optional|freiwillig|keine Pflicht mehr)\b.*$`),
			// Thrown out: "sled fliegt raus, wir gehen auf SQLite".
			regexp.MustCompile(`(?i)^(?:und |also )?(?:der |die |das |den )?(?P<t>[^,;]{2,40}?) (?:fliegt|fliegen|kommt|kommen|ist|sind) (?:jetzt |wieder |komplett )*raus\b.*$`),
			// Allowed again: "Halle 3 ist wieder verfügbar".
			regexp.MustCompile(`(?i)^(?:und |auch )?(?:der |die |das )?(?P<t>[^,;]{2,40}?) (?:ist|sind) (?:jetzt |ab sofort )?wieder (?:verfügbar|erlaubt|offen|geöffnet|frei|befahrbar|zugänglich|freigegeben|nutzbar)\b.*$`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`(?i)^(?:und |auch )?(?:der |die |das )?(?P<t>[^,;]{2,40}?) (?:ist|sind) (?:jetzt |inzwischen )?(?:deprecated|veraltet|abgekündigt)[.!]?$`),
			regexp.MustCompile(`(?i)^(?:(?:sorry|übrigens|korrektur),? )*ich (?:hatte|habe|hab) (?:dir |euch )?(?P<t>[^,]+?) gesagt,? (?:aber )?(?:das war|das ist|das stimmt) (?:falsch|nicht richtig|ein fehler|nicht)(?:[^\pL\pN].*)?$`),
			// Verweis zurück: "vergiss, was ich über X gesagt habe".
			regexp.MustCompile(`(?i)^(?:vergiss|vergesst|ignorier|ignoriere|ignoriert),? (?:was|alles,? was) ich (?:dir |euch )?(?:über|zu|wegen|zum thema) (?P<t>.+?) gesagt (?:habe|hab|hatte)\b.*$`),
			regexp.MustCompile(`(?i)^(?:der |die |das )?(?P<t>[^,]+?) läuft nicht mehr\b.*$`),
			// Abgeschaltet: "db-kranich-01 wurde abgelöst", "Credo strict haben wir rausgenommen".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das |unser |unsere )?(?P<t>[^,]+?) (?:wurde|wurden|(?:ist|sind) (?:jetzt|inzwischen|mittlerweile|seit \S+)) (?:endgültig |letzte woche |gestern |schon )*(?:abgeschaltet|stillgelegt|abgelöst|eingestellt|abgeschafft|ausgemustert|archiviert|abgebaut|außer betrieb genommen|dekommissioniert|geschichte|rausgeflogen|rausgeworfen|entsorgt|gelöscht)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:der |die |das |den |unser |unsere[n]? )?(?P<t>.+?) haben wir (?:jetzt |endgültig |inzwischen |mittlerweile |schon |wieder )*(?:rausgenommen|abgeschafft|entfernt|abgeschaltet|gestrichen|stillgelegt|eingestellt)(?:[^\pL\pN].*)?$`),
			// "Das Ruby-SDK ist archiviert": a state that ends it, said
			// without a word of time.
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das |unser |unsere )?(?P<t>[^,]+?) (?:ist|sind) (?:endgültig |inzwischen |mittlerweile )?(?:archiviert|abgeschaltet|stillgelegt|eingestellt|ausgemustert)(?:[^\pL\pN].*)?$`),
			// Taken out at the user's word: "den Import kannst du komplett
			// rauswerfen", "den Workaround bitte wieder ausbauen".
			regexp.MustCompile(`(?i)^(?:und |auch |also )?(?:der |die |das |den |unser |unsere[n]? )?(?P<t>[^,]+?) (?:kannst du|könnt ihr|können wir|kann man|bitte) (?:jetzt |wieder |komplett |ganz |auch |dann |also |einfach |endlich |gern |gerne )*(?:rauswerfen|rausnehmen|rausschmeißen|ausbauen|entfernen|löschen|streichen|weglassen|zurückbauen)(?:[^\pL\pN].*)?$`),
			// Außer Betrieb: "build-03 ist tot", "der alte NAS ist hinüber".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber | : ))?(?:der |die |das |unser |unsere )?(?P<t>[^,:]+?) (?:ist|sind) (?:jetzt |endgültig |leider |komplett )?(?:tot|hinüber|außer Betrieb|abgeraucht)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:der |die |das |unser |unsere )?(?P<t>.+?) gibt es nicht mehr(?:[^\pL\pN].*)?$`),
			// Kein … mehr: "es gibt keine Verlosung mehr", "gibt's kein
			// Standup mehr".
			regexp.MustCompile(`(?i)^(?:(?:und|also|ach|übrigens|ok),? )?(?:es gibt|gibt es|gibt's|gibts) (?:jetzt |inzwischen |mittlerweile |ab sofort )?kein(?:e|en)? (?P<t>[^,;:.]{3,50}?) mehr(?:[,;:.!]|$)`),
			// Raus: "co2 fliegt aus dem payload raus", "die Seite kommt weg".
			regexp.MustCompile(`(?i)^(?:(?:und|also|ach|übrigens),? )?(?:der |die |das |den )?(?P<t>[^,;:]{2,60}?) (?:fliegt|fliegen|kommt|kommen|muss|müssen|kann|können) (?:jetzt |ganz |komplett |endlich |auch )*(?:aus (?:dem |der |den )?[\pL\pN_-]+ )?(?:raus|weg)(?:[^\pL\pN].*)?$`),
			// Gekündigt: "InfluxCloud haben wir gekündigt, gibt's nicht mehr".
			regexp.MustCompile(`(?i)^(?:(?:und|also|ach|übrigens),? )?(?:den |die |das |unser(?:e|en)? )?(?P<t>[^,;:]{2,40}?) (?:haben wir|hab ich|habe ich|hat (?:der |die )?\S+)(?: jetzt| inzwischen| mittlerweile| endlich| schon| letzte Woche| letzten Monat| gestern)* (?:gekündigt|abbestellt|abgeschafft|abgeschaltet|eingestellt|abgemeldet)(?:[^\pL\pN].*)?$`),
			// "die Sache mit nur-Squash-Merges hat das Team gekippt".
			regexp.MustCompile(`(?i)^(?:und )?(?:die sache mit |das mit |die regel mit |der |die |das )?(?P<t>[^,]+?) (?:hat|haben) (?:das team|der chef|die chefin|\p{Lu}\p{L}+|wir) (?:gekippt|abgeschafft|gestrichen|kassiert)(?:[^\pL\pN].*)?$`),
			// "die Confluence-Seiten pflegt keiner mehr".
			regexp.MustCompile(`(?i)^(?:nee,? |nein,? )?(?:der |die |das |den |unser |unsere[n]? )?(?P<t>[^,]+?) (?:pflegt|nutzt|liest|braucht|benutzt|verwendet) (?:keiner|niemand) mehr(?:[^\pL\pN].*)?$`),
			// Ein Thema, dann ein Pronomen dafür: "die Screenshot-Regel, die kannst du vergessen".
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:die|das|den|sie|es) (?:kannst du|könnt ihr|können wir|darfst du|kann man) (?:vergessen|ignorieren|streichen|weglassen|löschen)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>die|das|den) (?:kannst du|könnt ihr|können wir|darfst du|kann man) (?:vergessen|ignorieren|streichen|weglassen|löschen)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:vergiss|vergesst|ignorier|ignoriere|streich|streiche) (?:die|das|den|sie|es)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:die|das|der) (?:gilt nicht mehr|ist (?:hinfällig|gestrichen|abgeschafft|vom tisch))(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:das mit (?:der|dem|den|die) )?(?P<t>.+?) (?:könnt ihr|kannst du|können wir|können sie) (?:jetzt )?(?:vergessen|streichen|ignorieren)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:die regel mit |das mit )?(?P<t>.+?) (?:ist|sind) (?:vom tisch|hinfällig|obsolet|gestrichen|passé|aufgehoben)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?) (?:ist|sind) (?:ab sofort |jetzt )?wieder (?:erlaubt|ok|okay|in ordnung)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:bitte )?(?:vergiss|streich|streiche|lösch|lösche|ignorier|ignoriere|verwirf|kipp|kippe|vergesst|streicht)(?: bitte)? (?:die|den|das|unsere|meine)? ?(?P<t>.+?)(?:[- ]?(?:regel|konvention|vorgabe|anweisung|richtlinie|sache)(?:\s.*)?)?$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?) gilt (?:ab sofort |jetzt |übrigens |also |inzwischen |mittlerweile |auch )*nicht mehr(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:und )?(?:der |die |das |den )?(?P<t>(?:[^,(]|\([^)]*\))+?) lassen wir (?:ab sofort |jetzt |ab jetzt |also |einfach |künftig )*(?:weg|fallen)(?:[^\pL\pN].*)?$`),
			// "das Ausdrucken der Protokolle können wir uns sparen".
			regexp.MustCompile(`(?i)^(?:und |also |auch )?(?:der |die |das |den )?(?P<t>[^,(]+?) (?:können|könnt) (?:wir|ihr) uns (?:jetzt |ab sofort |künftig |auch |ganz |komplett )*sparen(?:[^\pL\pN].*)?$|^(?:und |also )?(?:der |die |das |den )?(?P<t2>[^,(]+?) sparen wir uns(?:[^\pL\pN].*)?$`),
			// "Die wöchentliche SMS-Probe streichen wir".
			regexp.MustCompile(`(?i)^(?:und )?(?:der |die |das |den )?(?P<t>[^,(]+?) (?:streichen|canceln|beenden) wir(?: (?:ab sofort|jetzt|ab jetzt|also|einfach|künftig|komplett|ganz))*(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:die regel mit (?:den |dem |der )?|das mit (?:den |dem |der )?)?(?P<t>.+?) (?:entfällt|entfallen|ist vorbei|sind vorbei|ist abgeschafft|sind abgeschafft|fällt weg|fallen weg|ist Geschichte|ist hinfällig|sind hinfällig)(?:[\s.,!;].*)?$`),
			// "damit ist auch die Einschränkung mit dem Sync hinfällig"
			regexp.MustCompile(`(?i)(?:^|\s)(?:ist|sind) (?:auch |jetzt |damit |somit |also )*(?P<t>(?:die|der|das|unsere?) .{2,60}?) (?:hinfällig|vom Tisch|Geschichte)(?:[\s.,!;].*)?$`),
			regexp.MustCompile(`(?i)^(?:wir )?(?:machen|tun|nutzen|verwenden|brauchen|benutzen|fragen) (?:wir )?(?P<t>.+?) (?:ab sofort |jetzt )?nicht mehr(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?) (?:machen|tun|nutzen|verwenden|brauchen|benutzen) wir (?:ab sofort |jetzt )?nicht mehr(?:[^\pL\pN].*)?$`),
			// "Das USB-Stick-Backup braucht's auch nimmer": no longer needed.
			regexp.MustCompile(`(?i)^(?:und |also )?(?:der |die |das |den )?(?P<t>[^,]+?) (?:braucht's|braucht es|braucht man|brauchen wir|braucht's jetzt) (?:auch |jetzt |eh |also |ab sofort |wirklich )*(?:nicht mehr|nimmer|nicht)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:frag|frage|fragt|ping|pinge) (?P<t>.+?) nicht mehr(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:bitte )?(?:hör|hört) (?:bitte )?auf,? (?P<t>.+?) zu (?:fragen|pingen|nutzen|verwenden|machen|schicken|senden|verschicken|drucken|exportieren|mailen|posten|erinnern)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:die |der |das )?(?P<t>.+?) ist (?:nicht mehr (?:gültig|aktuell|nötig|relevant)|hinfällig|obsolet|abgeschafft|vom tisch)(?:[^\pL\pN].*)?$`),
			// "Die 32-Bit-Version ist endlich tot".
			regexp.MustCompile(`(?i)^(?:und |auch |also )?(?:die |der |das |unser |unsere )?(?P<t>[^,]+?) (?:ist|sind) (?:jetzt |endlich |endgültig |offiziell |komplett |damit |auch )*(?:tot|gestorben)(?:[^\pL\pN].*)?$`),
			// Was jetzt weg kann: "der Reset nach jedem Scan kann wieder raus".
			regexp.MustCompile(`(?i)^(?:und |auch |also )?(?:der |die |das |den |unser |unsere )?(?P<t>[^,]+?) (?:kann|können) (?:jetzt |wieder |komplett |ganz |auch |dann |also |einfach |endlich )*(?:weg|raus|wegfallen|entfallen|entfernt werden|gelöscht werden)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:die |der |das )?(?P<t>.+?) (?:ist|sind) nicht mehr (?:nötig|notwendig|erforderlich|verpflichtend|pflicht)(?:[^\pL\pN].*)?$`),
			// "den freeze ignorieren, den gibt's nicht mehr".
			regexp.MustCompile(`(?i)^(?:und |also )?(?:der |die |das |den )?(?P<t>[^,]+?)(?: ignorieren| vergessen| streichen)?,\s*(?:den|die|das) gibt(?:'s| es) (?:jetzt |inzwischen )?(?:nicht|keine?n?) mehr\b.*$`),
			// "einen lokalen upload-key im vault gibt's nicht mehr", "den
			// gibt's nicht mehr".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das |den |einen |eine |ein )?(?P<t>[^,\s]{4,}[^,]*?|(?-i:\p{Lu}{2,})[^,]*?|[^,\s]+ [^,]+?) gibt(?:'s| es) (?:jetzt |seit \S+ |inzwischen |mittlerweile )?(?:nicht mehr|keine?n? mehr)\b.*$`),
			// "Mit Meyer in Fulda sind wir durch": done with a supplier.
			regexp.MustCompile(`(?i)^(?:und |also )?mit (?P<t>[^,]{2,40}?) sind wir (?:jetzt |endgültig |inzwischen )?(?:durch|fertig)\b.*$`),
			// "Frau Lang ist bei Huber nicht mehr zuständig".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?P<t>[^,]+?) (?:ist|sind) (?:\S+ ){0,3}?nicht mehr (?:zuständig|verantwortlich|unser Ansprechpartner|unsere Ansprechpartnerin)\b.*$`),
			// "die Angebote verfallen nicht mehr": what no longer holds.
			regexp.MustCompile(`(?i)^(?:und |aber |übrigens,? |ach ja,? )*(?:der |die |das |unser |unsere )(?P<t>[^,;?:]{2,40}? \pL{3,} nicht mehr)(?:[,;.!]|\s+(?:und|weil|denn)\b|$)`),
			// A person no longer doing a duty: "Tom deployt nicht mehr", "Ana macht die Releases nicht mehr".
			regexp.MustCompile(`^(?:.+(?:, | und | aber ))?(?P<tp>` + nameRe + `) (?P<v>\pL+)(?: [^,.;]{0,30})? (?i:nicht mehr)(?:[^\pL].*)?$`),
			// A supplier gone out of business: "Wetterdienst XY ist pleite".
			// An account, a contract or a club dissolved: "das
			// österreichische Konto ist aufgelöst".
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das |unser |unsere )?(?P<t>[^,]{2,40}?) (?:ist|wurde|sind|wurden) (?:jetzt |inzwischen |schon |endlich )?(?:aufgelöst|gekündigt)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:der |die |das |unser |unsere )?(?P<t>[^,]{2,40}?) (?:ist|ging|war) (?:pleite|insolvent|bankrott)\b.*$|^(?:.+(?:, | und | aber ))?(?:der |die |das )?(?P<t2>[^,]{2,40}?) hat (?:dichtgemacht|Insolvenz angemeldet)\b.*$`),
		},
		ended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:jetzt wo |da |seit )?(?:der |die |das |unser |unsere )?(?P<t>[^,]+?) (?:ist|sind) (?:jetzt |endlich |offiziell |schon |inzwischen |also |ja |nun |mittlerweile |damit |auch )*(?:vorbei|beendet|abgeschlossen|erledigt|zu ende|aufgehoben|fertig)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:der |die |das |unser |unsere )?(?P<t>[^,]+?) (?:wurde|wurden) (?:jetzt |endlich |offiziell |gestern )?(?:beendet|abgeschlossen|aufgehoben)(?:[^\pL\pN].*)?$`),
			// "…, Umbau fertig": a period said over without a verb, a
			// noun and its end.
			regexp.MustCompile(`^(?:der |die |das |unser |unsere )?(?P<t>\p{Lu}\pL+(?:[ -]\pL+)?) (?:(?i:jetzt|endlich|schon|nun) )?(?i:fertig|vorbei|durch|abgeschlossen)\s*$`),
		},
		reopened: []*regexp.Regexp{
			// "Linux-Agents kompilieren jetzt auch Shader": who was left out does it too.
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:die |der |das |den )?(?P<t>[^,]{2,40}?) (?:\S+ )?(?:jetzt|ab sofort|inzwischen|nun) auch\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | und | aber ))?(?:am |an der |an den |im |in der |der |die |das |den )?(?P<t>[^,]{2,40}?) (?:darf|dürfen|kann|können) (?:also |jetzt |ab sofort |endlich |nun )*wieder\b.*$`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:gute nachricht,? |und |also |jetzt wo |da )*(?:der |die |das |unser |unsere )?(?P<t>[^,]{2,40}?) (?:ist|sind|wurde|wurden) (?:jetzt |endlich |wieder |inzwischen |gestern )*(?:repariert|behoben|wieder (?:da|lieferbar|in ordnung|offen|heil|ganz))\b`),
			// "die Wallbox lädt wieder", "der Scanner druckt wieder": it
			// does its job again.
			regexp.MustCompile(`(?i)^(?:gute nachricht,? |und |also )*(?:der |die |das |unser |unsere )?(?P<t>[^,]{2,40}?) (?:funktioniert|funktionieren|geht|gehen|läuft|laufen|\p{Ll}{2,}t|\p{Ll}{2,}en) (?:jetzt |endlich )*wieder(?:\s*$|\s*[.,;!]| und\b)`),
		},
		forget: regexp.MustCompile(`(?i)^(?:bitte )?(?:vergiss|vergesst),? (?:was ich (?:über|zu) (?P<t>.+?) gesagt habe|alles (?:über|zu) (?P<t2>.+)|dass (?P<t3>.+))$`),
		// "die Schwelle ist 25 °C, nicht 28": a value said with the
		// one it corrects.
		corrects: regexp.MustCompile(`(?i)[\p{L}\p{N}%°]\s*(?:jetzt)?,\s+(?:und\s+)?nicht\s+(?:mehr\s+)?(?P<prep>(?:im|am|um|in|ab|bis) )?(?:der |die |das |den |dem )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?:\s?(?:\d[\w.]*|%|°\w?|[a-z]{1,3}))?)\s*(?:[,.;!]|$)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`(?i)\bvon (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?) (?:auf|zu|nach) \S+`),
			// "not X, but Y": a correction names what it was not.
			regexp.MustCompile(`(?i)\b(?:ist|sind|war|waren|läuft|laufen|geht|gehen|macht|machen)(?: es)? nicht (?:auf |in |mit |über |der |die |das |dem |den )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?: \d[\w.]*)?)(?:,? sondern\b|, (?:es ist|das ist|es war)\b|,?$)`),
			regexp.MustCompile(`(?i)\b(?:statt|anstatt|anstelle von|weg von|raus aus|nicht mehr) (?:dem |der |den )?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\b(?:früher|vorher|bisher) (?:war es |war |waren )?(?P<old>[\w.:/@#+-]*\d[\w.:/@#+-]*)`),
			regexp.MustCompile(`^(?P<old>\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?) hat (?:die |den |das |seine |ihre )?[\p{L}\s-]{2,40}? an \p{Lu}\p{L}+(?: \p{Lu}\p{L}+)? (?:übergeben|abgegeben|weitergegeben)`),
			// "Außerdem hat Svenja das Voltigieren an Leonie abgegeben".
			regexp.MustCompile(`^(?:\p{Lu}\p{Ll}+ )?hat (?P<old>\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?) (?:die |den |das |seine |ihre )?[\p{L}\s-]{2,40}? an \p{Lu}\p{L}+(?: \p{Lu}\p{L}+)? (?:übergeben|abgegeben|weitergegeben)`),
		},

		determiners: set("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "unser", "unsere", "unseren", "unserem", "unserer", "mein", "meine", "dein", "deine", "alle", "jede", "jeder", "jedes", "übrigens", "auch", "jetzt", "eigentlich", "also", "und", "btw", "aktuelle", "aktuell", "ja", "na"),
		pronounSubj: set("wir", "ich", "es", "das", "du", "sie", "er", "man", "dies", "alles", "jeder", "hier", "da", "dann"),
		forPrep:     regexp.MustCompile(`(?i)\b(?:für|als)\s+(?:die |den |das |unsere |unser |alle )?(?P<np>[\p{L}\d\s/.-]{2,40}?)(?:[,.;!]|$| und | aber | weil )`),
		properStop:  set("Ich", "Wir", "Die", "Der", "Das", "Den", "Dem", "Unser", "Unsere", "Bitte", "Immer", "Nie", "Frag", "Es", "Du", "Sie", "Er", "Team", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Alle", "Jeder", "Jede", "Keiner", "Niemand", "CI", "PR", "PRs", "Release", "Releases", "Reviews", "Review", "Änderungen", "Deploys", "Deployments", "Merges", "Migrationen", "Code", "Tests"),
	}
}

// esOneOff is what says a Spanish message is for the moment only:
// "mañana" is tomorrow, but "cada mañana" and "la mañana" a morning.
var esOneOff = regexp.MustCompile(`(?i)(?:^|[^\pL\pN_'’\s]\s*|(?:^|\s)(?:\pL*[^a\s\pP]|\pL*[^ld\s\pP]a)\s+)mañana(?:$|[^\pL\pN_])|` +
	wordsRe(`hoy`, `esta noche`, `ahora mismo`, `por ahora`, `de momento`, `por el momento`, `por hoy`, `solo esta vez`, `sólo esta vez`, `esta vez`, `por esta vez`, `en este pr`, `para este pr`, `para esta tarea`, `para este ticket`, `en esta sesión`, `esta semana`, `hasta mañana`, `temporalmente`, `provisionalmente`, `de forma temporal`, `para esta rama`, `en esta rama`).String())

func spanish() *lexicon {
	return &lexicon{
		departed:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `) (?:ya no (?:está|trabaja|forma parte)|se (?:fue|ha ido|marchó|cambió de equipo|pasó a|jubila|ha jubilado|jubiló|retira|ha retirado)|(?:dejó|ha dejado|deja) (?:el equipo|la empresa|el proyecto|el grupo|el departamento|la compañía|el club|la asociación|la organización|la oficina|el estudio|la agencia|la escuela|la academia|el despacho|el taller|la tienda|el restaurante)|ya no está con nosotros|está de (?:baja|vacaciones|permiso)|(?:se )?(?:movió|cambió|pasó) (?:a|al) (?:otro )?(?:equipo|squad))|^(?:a |A )(?P<t2>` + nameRe + `) se le (?:acabó|terminó|ha acabado|ha terminado) el contrato|^(?:(?:[Ll]a|[Ee]l|[Ll]os|[Ll]as) [\p{Ll}-]{2,20} )?(?P<t4>` + nameRe + `) (?:ha cerrado|cerró|quebró|ha quebrado|está en quiebra|ha echado el cierre|echó el cierre)(?: (?:en|el|hace|definitivamente|para siempre|del todo)\b[^,.;:]{0,25})?(?:[,.;:]|$)`),
		returned:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `) (?:ya )?(?:ha vuelto|volvió|ha regresado|regresó|está de vuelta|se reincorporó|se ha reincorporado)`),
		questionLead: leadRe(`qué`, `cómo`, `dónde`, `cuándo`, `cuál`, `cuáles`, `quién`, `quiénes`, `por qué`, `¿`, `puedes`, `podrías`, `podemos`, `sabes`, `sabéis`, `me pregunto`, `alguien sabe`, `hay alguna`, `tienes`, `debería`, `deberíamos`),
		hypo:         wordsRe(`preguntó si`, `pregunta si`, `preguntaba si`, `dicen que`, `he oído`, `según dicen`, `rumor`, `rumores`, `al parecer`, `supuestamente`, `quizás`, `quizá`, `tal vez`, `a lo mejor`, `supongamos`, `imagina`, `imaginemos`, `qué pasaría`, `podría`, `podríamos`, `podrían`, `sería`, `serían`, `habría`, `estaría`, `me pregunto`, `no sé si`, `probablemente`, `en teoría`, `hipotéticamente`, `pensando en`, `a ver`, `probemos`, `intentemos`, `veamos`, `estamos pensando`, `estoy pensando`, `algún día`, `idea`, `creo que`, `igual`),
		cond:         wordsRe(`si`, `cuando`, `siempre que`, `en caso de`),
		oneOff:       esOneOff,
		joke:         regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:jaja\w*|jeje\w*|jiji\w*|lol|es broma|era broma|en broma|bromeo|bromeando|broma|ironía|sarcasmo|claro que no)(?:$|[^\p{L}])|😂|🤣|🙃|😜`),
		noNotes:      wordsRe(`no (?:lo |la |esto )?(?:anotes|apuntes|guardes|recuerdes|memorices|registres)`, `no tomes nota`, `no lo pongas en (?:las |tus )?notas`, `esto no va en (?:las |tus )?notas`, `extraoficialmente`, `off the record`, `entre nosotros`, `no hace falta (?:recordar|anotar|guardar)`, `no lo guardes`, `que no quede (?:registrado|en las notas)`, `no lo dejes (?:escrito|apuntado|anotado|guardado)`, `no lo (?:escribas|apuntes|guardes|pongas) en ningún (?:sitio|lado)`),
		task:         wordsRe(`este`, `esta`, `esto`, `estos`, `estas`, `eso`, `ahorita`, `primero`, `arregla`, `corrige`, `depura`, `mira`, `revisa esto`, `muéstrame`, `explícame`, `ayúdame`, `implementa`, `renombra`, `borra`, `elimina`, `crea`, `genera`, `instala`, `sigue`, `continúa`, `intenta`),
		state:        wordsRe(`(?:está|están|sigue|siguen) (?:roto|rota|rotos|rotas|caído|caída|lento|lenta|fallando|colgado|listo|lista|mal|bien|en rojo|en verde)`, `falla`, `fallan`, `falló`, `no funciona`, `no anda`, `se cuelga`, `se rompió`, `dio error`, `da error`),
		narrative:    leadRe(`(?:yo )?(?:arreglé|corrí|probé|hice|cambié|añadí|borré|vi|creo|pienso|supongo|intenté|estaba|necesito que)`, `estoy (?:mirando|probando|trabajando en el bug|viendo|intentando|revisando)`, `voy a`, `déjame`),
		report:       regexp.MustCompile(`(?i)^(?:[\p{L}.'’ -]{1,40}?) (?:escribió|escribe|dijo|dice|comentó|publicó|mandó|envió|reenvió)\s*:|^(?:de|asunto|para|fecha|enviado)\s*:|^-{2,}\s*(?:mensaje original|mensaje reenviado)`),

		fillerLead:   leadRe(`ahora mismo`, `ahora`, `primero`, `segundo`, `tercero`, `lo primero`, `por último`, `finalmente`, `en general`, `por lo general`, `en nuestro equipo`, `aquí en el equipo`, `novedades`, `noticias`, `para contexto`, `contexto`, `buenas`, `buenos días`, `buenas tardes`, `hola a todos`, `te pongo al día`, `ok`, `vale`, `bueno`, `pues`, `entonces`, `también`, `además`, `por cierto`, `oye`, `hola`, `ah`, `ah,? y`, `y`, `otra cosa`, `una cosa más`, `ps`, `sí`, `no`, `claro`, `gracias`, `perfecto`, `genial`, `de hecho`, `en realidad`, `corrección`, `btw`, `importante`, `ojo(?:,? que)?`, `dato`, `fyi`, `para tu información`, `para que sepas`, `que sepas`, `info`, `aviso`, `nota`, `actualización`, `de ahora en adelante`, `a partir de ahora`, `en adelante`, `de aquí en adelante`),
		rememberLead: leadRe(`(?:por favor,? )?(?:recuerda|acuérdate(?: de)?|ten en cuenta|toma nota(?: de)?|anota|apunta|para que conste|para el futuro|para referencia|no olvides|no te olvides de|guarda esto|memoriza)(?: que| de que)?`),
		rememberTail: regexp.MustCompile(`(?i)[,;:.!\s—–-]+(?:por favor,? )?(?:tenlo en cuenta|recuérdalo|apúntalo|anótalo|no lo olvides)\s*[.!]*$`),

		intro:     regexp.MustCompile(`(?i)^(?:(?:hola|buenas|buenos días)[,!]?\s+)?` + nameRe + `,\s+(?:soy|llevo|trabajo|estoy)\b|^(?:soy|aquí) ` + nameRe + `\b|^` + nameRe + ` por aquí(?:$|[^\pL])|^(?:me llamo|mi nombre es|habla|les habla|te habla) |^(?:yo )?(?:me encargo de|me ocupo de|llevo (?:el|la|los|las)|he (?:tomado|asumido|heredado)|(?:tomé|asumí|heredé)` + EndsWord + `|trabajo (?:en|como|para|con)|estoy en el equipo|soy (?:el|la|nuevo|nueva|responsable|líder|lead|desarrollador|desarrolladora|ingeniero|ingeniera|parte del|de|del)|mi rol es|mi zona horaria es)\b`),
		team:      regexp.MustCompile(`(?i)^\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)? (?:le |les )?(?:pasó|traspasó|cedió) .{1,50}? a \p{Lu}\p{L}+|^(?:` + titleRe + nameRe + `) (?:lleva|gestiona|coordina|administra) (?:el |la |los |las )|(?:^|\s)(?:se encarga de|se ocupa de|es (?:el |la )?responsable de|es el responsable|es la responsable|mantiene|aprueba|revisa|decide sobre|tiene que aprobar|debe aprobar|tiene que dar el visto bueno|da el visto bueno|firma|es (?:el|la|nuestro|nuestra) (?:dueño|dueña|owner|responsable|líder|lead|contacto|referente|experto|experta))\b|^(?:pregúntale a|pregunta a|pregúntale|consulta con|habla con|escríbele a|avisa a|menciona a) ` + nameRe + `|(?:el |la )?(?:dueño|dueña|responsable|owner|encargado|encargada|contacto|aprobación|visto bueno)(?: de [\p{L}\s/-]+?)? (?:es|son|lo da|la da|viene de) ` + nameRe + `|lo aprueba ` + nameRe + `|(?:aprobación|visto bueno|revisión) de ` + nameRe + `|(?:van|va|se las pasas|se lo pasas|se las preguntas|se lo preguntas|pregunta|pregúntale|pregúntales) (?:a|con) ` + nameRe),
		decision:  leadRe(`(?:hemos |ya )?(?:decidimos|decidido|acordamos|acordado|elegimos|elegido|optamos|optado|nos decidimos)`, `la decisión es`, `decisión`, `nos quedamos con`, `vamos con`, `vamos a usar`, `nos decantamos`, `el equipo (?:decidió|acordó|eligió)`),
		pref:      leadRe(`(?:una )?(?:pequeña )?preferencia(?: mía| personal)?\s*:`, `(?:yo )?prefiero`, `(?:a mí )?me gusta`, `(?:a mí )?me gustan`, `me encanta`, `odio`, `no me gusta`, `no me gustan`, `me molesta`, `preferiría`, `me gustaría (?:que )?(?:siempre|nunca)`, `mi (?:editor|shell|herramienta|terminal) (?:favorito|favorita|preferido|preferida)`, `quiero que siempre`, `quiero que nunca`, `personalmente`),
		durable:   wordsRe(`en general`, `por lo general`, `en nuestro equipo`, `siempre`, `nunca`, `jamás`, `todo`, `todos`, `todas`, `toda`, `cada vez`, `cada`, `cualquier`, `por defecto`, `de ahora en adelante`, `a partir de ahora`, `en adelante`, `en el futuro`, `de aquí en adelante`, `por norma`, `como regla`, `regla`, `convención`, `política`, `estándar`, `solo`, `sólo`, `únicamente`, `ningún`, `ninguna`, `nuestro`, `nuestra`, `nuestros`, `nuestras`, `usamos`, `utilizamos`, `en este repo`, `nadie`, `nada`),
		modal:     wordsRe(`hay que`, `debe`, `deben`, `debes`, `debemos`, `tiene que`, `tienen que`, `tenemos que`, `no se puede`, `no se pueden`, `está prohibido`, `están prohibidos`, `prohibido`, `no está permitido`, `es obligatorio`, `obligatorio`, `requiere`, `requieren`, `necesita`, `necesitan`, `pasa por`, `pasan por`, `va en`, `van en`),
		imperLead: leadRe(`usa`, `utiliza`, `usen`, `pon`, `ponga`, `escribe`, `corre`, `ejecuta`, `haz`, `pregunta`, `pregúntale`, `evita`, `mantén`, `nombra`, `sube`, `despliega`, `prueba`, `formatea`, `documenta`, `añade`, `agrega`, `incluye`, `menciona`, `responde`, `contesta`, `no uses`, `no hagas`, `no subas`, `no pongas`, `no toques`, `no ejecutes`, `no hagas`, `nunca`, `siempre`, `solo`, `sólo`, `por favor`, `ni se te ocurra`, `no`, `habla con`, `consulta`, `avisa`, `firma`, `etiqueta`),
		factVerb:  wordsRe(`va por`, `van por`, `cuesta`, `cuestan`, `vale`, `valen`, `va en`, `van en`, `es`, `son`, `era`, `está`, `están`, `esté`, `estén`, `vive en`, `viven en`, `corre en`, `corren en`, `se ejecuta en`, `se ejecutan en`, `corre sobre`, `usa`, `usan`, `utiliza`, `utilizan`, `se despliega en`, `se despliegan en`, `se aloja en`, `se llama`, `apunta a`, `tiene`, `tienen`, `tarda`, `dura`, `=`, `se construye con`, `se guarda en`, `se guardan en`, `pertenece a`, `vive`, `necesita`, `necesitan`, `requiere`, `salen? por`, `llegan? a`, `se env[íi]an? (?:por|a)`, `se mandan? (?:por|a)`),
		strong:    wordsRe(`va por`, `van por`, `va en`, `van en`, `vive en`, `viven en`, `corre en`, `corren en`, `se ejecuta en`, `se ejecutan en`, `se despliega`, `se despliegan`, `se aloja`, `se alojan`, `se guarda en`, `se guardan en`, `se construye con`, `está escrito en`, `está escrita en`, `apunta a`, `se gestiona (?:con|en|desde)`, `pasa por`, `pasan por`, `está alojado`, `está alojada`, `está desplegado`, `está desplegada`, `está en`, `están en`, `pertenece a`, `caduca`, `expira`, `salen? por`, `llegan? a`, `se env[íi]an? (?:por|a)`, `se mandan? (?:por|a)`),
		we:        leadRe(`(?:ya |ahora |todavía )?(?:nosotros )?\p{L}+(?:amos|emos|imos)`, `(?:nosotros )?(?:usamos|utilizamos|desplegamos|alojamos|corremos|ejecutamos|trabajamos con|mantenemos|guardamos|construimos|hacemos|publicamos|tenemos|seguimos|nombramos)`, `nuestro `, `nuestra `, `nuestros `, `nuestras `, `todo `, `todos `, `todas `, `ningún `, `ninguna `),

		update: regexp.MustCompile(`(?i)^(?:al final |finalmente )?(?:volvemos|volvimos|hemos vuelto|regresamos|regresamos) a\b|^(?:ya )?(?:migramos|nos mudamos|nos hemos mudado|nos pasamos|nos hemos pasado|hemos migrado|hemos pasado|pasamos|cambiamos|actualizamos) (?:a|al) (?P<np3>[\p{L}\d][\p{L}\d .-]{1,30})|^(?:hemos |ya )?(?:migramos|migrado|movimos|movido|cambiamos|cambiado|pasamos|pasado|actualizamos|actualizado) (?:el |la |los |las |nuestro |nuestra )?(?P<np>[\p{L}\s-]{2,40}?) (?:de|desde|a)\b|^(?:la |el |los |las |nuestr[oa]s? )?(?P<np2>[\p{L}\s-]{2,40}?) (?:la |lo |las |los )?(?:subimos|bajamos|cambiamos|pasamos|movimos|aumentamos|redujimos|ampliamos|actualizamos) (?:a|al|hasta)\b|^(?:la |el )?(?P<np3>[\p{L}\s-]{2,40}?) (?:ahora es|ahora está en|ya es|ahora son|pasó a ser|pasa a ser|pasan a ser|pasaron a ser|ahora van a ser)\b|^(?:así que |y |ya |pues )?(?:hemos subido|hemos bajado|hemos aumentado|hemos reducido|hemos ampliado) (?:a|hasta) (?:\d|(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte)\b)|^(?:(?:así que|y|ya|pues|además|también|al final|finalmente) )?(?:(?-i:\p{Lu}\p{Ll}+)(?: (?-i:\p{Lu}\p{Ll}+))? )?(?:subió|bajó|subieron|bajaron|ha subido|han subido|ha bajado|han bajado|aumentó|aumentaron|redujo|redujeron|ha aumentado|ha reducido|cambió|cambiaron|ha cambiado|puso|pusieron|ha puesto|dejó|dejaron|movió|movieron|ha movido|pasó|pasaron|adelantó|adelantaron|retrasó|retrasaron|trasladó|trasladaron) (?:el |la |los |las )(?P<np4>[\p{L}\s-]{2,40}?) (?:a|en|hasta) (?:las? )?(?:\d|(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte)\b)` +
			// "los intermedios se pasaron a los lunes", "ahora va todo
			// por FCM": moved, or how things go now.
			`|^(?:(?:y|pues|además|también),? )?(?:el |la |los |las )?(?P<np5>[\p{L}\s-]{2,40}?) se (?:pasa|pasan|pasó|pasaron|ha pasado|han pasado|movió|movieron|ha movido|han movido|cambió|cambiaron) (?:a|al) \S` +
			`|^(?:(?:y|pues|además|también),? )?(?:ahora )?(?:va|van) (?:todo|todos|todas) (?:por|con|a través de) \S`),
		strongCue: wordsRe(`siempre`, `nunca`, `jamás`, `cada vez`, `de ahora en adelante`, `a partir de ahora`, `sin excepción`, `en adelante`),
		taskLead:  leadRe(`(?:puedes |podrías |por favor )?(?:renombra|arregla|añade|agrega|quita|elimina|borra|crea|actualiza|cambia|mueve|implementa|escribe|haz|ejecuta|corre|revisa|mira|prueba|muestra|explica|abre|instala|construye|despliega|sube|genera|busca|vamos a)`),
		retract: []*regexp.Regexp{
			// "lo de no poner emojis ya da igual": moot now.
			regexp.MustCompile(`(?i)^(?:(?:y|pero|pues|bueno|ah|oye),? )*(?:lo de |eso de )(?P<t>[^,;:]{3,60}?),? ya (?:da igual|no importa)(?:[^\pL\pN].*)?$`),
			// Verb first: "Ya se puede usar Storybook otra vez" names what
			// after the verb, not the "ya" before it.
			regexp.MustCompile(`(?i)^(?:y |pues |bueno,? |buenas noticias,? )?(?:ya |ahora )?(?:se puede|se pueden|podemos|puedes|pueden|podéis) (?:volver a )?(?:usar|utilizar) (?:otra vez |de nuevo )?(?:el |la |los |las )?(?P<t>[\w.+-]+(?: [\w.+-]+)?)(?: (?:otra vez|de nuevo))?\s*(?:[,;.!].*)?$`),
			// Allowed now: "Tailwind ya se puede usar" lifts the rule against it.
			regexp.MustCompile(`(?i)^(?:y |pues |bueno,? )?(?P<t>[\w.+-]+(?: [\w.+-]+)?) (?:ya |ahora |otra vez )*(?:se puede usar|está permitido|están permitidos|vuelve a estar permitido)\b.*$`),
			// "ya no quieren papel": what someone no longer wants.
			regexp.MustCompile(`(?i)^(?:.+?(?:, | y | pero | : ))?(?:ellos|ellas|él|ella|el cliente|la gestoría)?\s*ya no (?:quieren|quiere|necesitan|necesita) (?:el |la |los |las )?(?P<t>[^,;.:]+?)(?:[,;.:]|$)`),
			// "Metrolab ya no nos calibra": a firm or a person named no
			// longer doing what it did for us.
			regexp.MustCompile(`^(?:(?i:y|pues|bueno|además|también),? )?(?P<t>\p{Lu}[\p{L}\p{N}.&-]+(?: \p{Lu}[\p{L}\p{N}.&-]+)?) ya no (?:nos|me|le|les) \p{Ll}+(?:[^\pL\pN].*)?$`),
			// "dejamos de publicar los lunes": a practice stopped.
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | así que ))?(?:dejamos|hemos dejado|ya dejamos) de (?P<t>\pL+(?:ar|er|ir)\b[^,;]*?)(?:[,;.!].*)?$`),
			// Otro levantó una restricción: "la Confederación levantó ayer la
			// restricción de riego".
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?\pL[^,;:]{1,40}? (?:ha levantado|han levantado|levantó|levantaron|ha quitado|han quitado|quitó|quitaron) (?:ayer |hoy |ya |por fin )?(?P<t>(?:la|el|las|los) (?:restricci[oó]n|prohibici[oó]n|limitaci[oó]n|veda|suspensi[oó]n|cierre|l[ií]mite|restricciones|prohibiciones)[^,;.]{0,40}?)(?:\s+(?:ayer|hoy|esta mañana))?\s*(?:[,;.!]|$)`),
			// "En la reunión de flota se quitó lo del depósito, ya no hace
			// falta …": the thing taken out, named before what follows.
			regexp.MustCompile(`(?i)^(?:[^,]{0,60}? )?(?:se quitó|se ha quitado|quitamos|hemos quitado|se eliminó|se ha eliminado|se suprimió) lo (?:del|de la|de los|de las|de) (?P<t>[^,;.]{2,40}?)(?:[,;.]|$)`),
			// Required no more.
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:ya )?(?:el |la |los |las )?(?P<t>[^,]{2,40}?) (?:ya no es|ya no son|deja de ser|dejan de ser|pasa a ser|pasan a ser) (?:obligatori[oa]s?|necesari[oa]s?|opcional(?:es)?|voluntari[oa]s?)\b.*$`),
			// "así que fuera el tope diario": out with it.
			regexp.MustCompile(`(?i)^(?:.+(?:, |así que |entonces |pues ))?fuera (?:el |la |los |las |lo de(?:l| la| los| las)? )(?P<t>[^,;.]{2,40}?)(?:[,;.!]|$)`),
			// Allowed again: "la zona B vuelve a estar disponible".
			regexp.MustCompile(`(?i)^(?:y |así que )?(?:el |la |los |las )?(?P<t>[^,;]{2,40}?) (?:vuelve|vuelven) a estar (?:disponibles?|permitid[oa]s?|abiert[oa]s?|operativ[oa]s?)\b.*$`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`(?i)^(?:y )?(?:el |la |los |las )?(?P<t>[^,;]{2,40}?) (?:está|están|quedó|quedaron) (?:ya )?(?:obsolet[oa]s?|deprecad[oa]s?)[.!]?$`),
			regexp.MustCompile(`(?i)^(?:(?:perdón|perdona|ojo),? )*te (?:dije|había dicho) (?P<t>[^,]+?),? (?:pero )?(?:era|estaba|es|eso era|eso estaba) (?:mal|incorrecto|un error|equivocado)(?:[^\pL\pN].*)?$`),
			// "dimos de baja Unleash el mes pasado".
			// "Y dejamos los SMS: …", "dejamos Jenkins": a thing dropped.
			regexp.MustCompile(`(?i)^(?:y |también |además |al final )?(?:ya )?dejamos (?:el |la |los |las )?(?P<t>[^,;:.\s]+(?: [^,;:.\s]+){0,2}?)(?:[,;:.!]|$)`),
			regexp.MustCompile(`(?i)^(?:(?:no|sí|si),? )?(?:.+(?:, | y | pero ))?(?:ya )?(?:dimos de baja|hemos dado de baja|quitamos|eliminamos|apagamos|retiramos|dejamos de usar|abandonamos) (?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,;]+?)(?: el mes pasado| la semana pasada| hace \S+ \S+| ayer| del todo)?(?:[,;.]|\s+(?:y|porque|pero)\b|$).*$`),
			// "se quitó el recargo por lluvia", "se eliminó la regla de…".
			regexp.MustCompile(`(?i)^(?:(?:y|pues|bueno),? )?(?:ya )?se (?:quitó|quitaron|eliminó|eliminaron|suprimió|suprimieron|ha quitado|han quitado|ha eliminado|han eliminado|canceló|ha cancelado) (?P<t>(?:el|la|los|las|lo de) [^,;]{2,50}?)(?:[,;.!]|$| porque| ya que)`),
			// "el Bar Tano cerró para siempre".
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:el |la |los |las )?(?P<t>[^,]+?) (?:cerró|ha cerrado|cerraron|han cerrado) (?:definitivamente|para siempre|sus puertas)(?:[^\pL\pN].*)?$`),
			// "Greengrass lo quitamos de los gateways".
			regexp.MustCompile(`(?i)^(?:y )?(?:el |la |los |las )?(?P<t>[^,]+?) (?:lo|la|los|las) (?:quitamos|eliminamos|sacamos|dimos de baja|apagamos|retiramos|desinstalamos)(?:[^\pL\pN].*)?$`),
			// Referencia atrás: "olvida lo que te dije sobre X", "se acabó esa restricción".
			regexp.MustCompile(`(?i)^(?:olvida|olvídate de|ignora|olvidad|ignorad) (?:lo que|todo lo que) (?:te |os )?(?:dije|he dicho|comenté|conté) (?:sobre|de|acerca de) (?P<t>[^,;]+)`),
			regexp.MustCompile(`(?i)^(?:ya )?se acabó (?P<t>(?:la|el|esa|ese|lo de) [^,;]+)`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | y ))?(?P<t>[^,]+?) ya no se (?:pide|hace|usa|exige|necesita)\b.*$`),
			// Dado de baja: "kafka-legacy se dio de baja", "legacy_orders ya no existe".
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]+?) (?:fue|fueron|ha sido|han sido|ya fue|ya está|ya están) (?:dad[oa]s? de baja|apagad[oa]s?|retirad[oa]s?|archivad[oa]s?|desmantelad[oa]s?|desactivad[oa]s?)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:el |la |los |las |nuestro |nuestra )?(?P<t>.+?) se (?:dio|dieron|ha dado|han dado) de baja(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:el |la |los |las |nuestro |nuestra )?(?P<t>.+?) ya no existen?(?:[^\pL\pN].*)?$`),
			// Un tema y un pronombre por él: "la regla de las capturas, puedes olvidarla".
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:ya )?(?:puedes|podéis|pueden|puede) (?:olvidar|ignorar|borrar|quitar|eliminar)(?:la|lo|las|los)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:ya )?(?:puedes|podéis|pueden|puede) (?:olvidar|ignorar|borrar|quitar|eliminar)(?P<t>la|lo|las|los)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:olvída|ignóra|bórra|quíta)(?P<t>la|lo|las|los)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:y )?(?:lo de )?(?P<t>[^,]+?),?\s+(?:olvídal[ao]s?|ignóral[ao]s?|bórral[ao]s?|quítal[ao]s?)(?:[^\pL\pN].*)?$`),
			// Lo que ya puede irse: "la tabla pacientes_old ya se puede borrar".
			regexp.MustCompile(`(?i)^(?:y |otra cosa: )?(?:el |la |los |las )?(?P<t>[^,]+?) ya (?:se )?(?:puede|pueden) (?:borrar|quitar|eliminar|ir|desactivar|apagar)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:ya )?(?:la|lo|las|los) (?:quitamos|eliminamos|abandonamos|dejamos|borramos|apagamos|retiramos|dimos de baja|hemos quitado|hemos eliminado|hemos dado de baja)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?) (?:vuelve|vuelven) a estar permitid[oa]s?(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:por favor,? )?(?:olvida|olvídate de|descarta|quita|elimina|borra|ignora|tacha|anula)(?: lo de)? (?:la |el |esa |ese |lo de )?(?:(?:regla|norma|convención|política|costumbre)(?: de| del| sobre| que)? )?(?P<t>.+)$`),
			regexp.MustCompile(`(?i)^ya no (?:hacemos|usamos|aplicamos|seguimos|necesitamos|utilizamos|preguntamos a|hay que|cobramos|ofrecemos|aceptamos|vendemos|damos|mandamos|enviamos|trabajamos con|pedimos|imprimimos) (?P<t>.+)$`),
			// Ya no hay: "ya no hay sorteo, ahora es lista de espera".
			regexp.MustCompile(`(?i)^(?:(?:y|pues|bueno|además|también|ah|ojo),? )?ya no hay (?:más )?(?P<t>[^,;:.]{3,50}?)(?:[,;:.!]|$)`),
			regexp.MustCompile(`(?i)^ya no (?:hace falta|es necesario|tenemos que|se necesita|debemos|hay necesidad de) (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:la regla de(?:l)? |la norma de(?:l)? |lo de(?:l)? )?(?P<t>.+?) (?:queda|quedan|está|están|ha sido|fue) (?:anulad[oa]s?|cancelad[oa]s?|derogad[oa]s?|suprimid[oa]s?|eliminad[oa]s?)(?:[\s.,!;].*)?$`),
			regexp.MustCompile(`(?i)^(?:lo de |eso de )?(?P<t>.+?),? (?:eso )?ya no (?:es así|es el caso|va|corre)(?:[\s.,!;].*)?$`),
			regexp.MustCompile(`(?i)^(?:la regla de |la norma de |lo de )?(?P<t>.+?) (?:ya no|tampoco) (?:aplica|se aplica|vale|rige|está vigente|es necesario|es necesaria|hace falta)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^deja de (?:preguntar(?:le)? a|usar|hacer|pingear a|mencionar a|avisar a) (?P<t>.+)$`),
			// "deja de mandar las hojas por correo, …": a practice the
			// agent kept up, stopped.
			regexp.MustCompile(`(?i)^(?:por favor,? )?(?:deja|dejad|deje) de (?P<t>(?:mandar|enviar|imprimir|exportar|publicar|copiar|adjuntar|poner en copia a)\b[^,;]*)(?:[,;].*)?$`),
			regexp.MustCompile(`(?i)^no (?:le )?(?:preguntes|pidas|avises) (?:más )?(?:a )?(?P<t>.+?) (?:más|nunca más)?(?:[^\pL\pN].*)?$`),
			// "ya no damos soporte a /v1/charges": what we do no longer.
			regexp.MustCompile(`(?i)^(?:y |pero |bueno,? |oye,? )*ya no (?:damos soporte (?:a|para)|soportamos|aceptamos|ofrecemos|mantenemos|trabajamos con|usamos|publicamos) (?:el |la |los |las |lo de )?(?P<t>[^,;]+?)(?:[,;.]|\s+(?:y|porque)\b|$)`),
			// "los presupuestos ya no caducan": what no longer holds.
			regexp.MustCompile(`(?i)^(?:ah,? |y |pero |bueno,? |oye,? )*(?:el |la |los |las )(?P<t>[^,;¿?:]{2,40}? ya no (?:se )?(?:\pL{3,}))(?:[,;.!]|\s+(?:y|porque|así que)\b|$)`),
			// A duty the speaker gives up: "las good first issue ya no
			// las reviso yo".
			regexp.MustCompile(`(?i)^(?:ah,? |y |pero |bueno,? |oye,? )*(?:el |la |los |las )?(?P<t>[^,;¿?:]{2,40}?) ya no (?:lo|la|los|las|le|les) \pL{3,} (?:yo|nosotros|nosotras)(?:[^\pL\pN].*)?$`),
			// Off a list: "zoom ya no en la allowlist", "X ya no está en
			// la lista".
			regexp.MustCompile(`(?i)^(?:(?:y|pero|bueno|ah|oye),? )*(?:el |la |los |las )?(?P<t>[^,;¿?:]{2,40}?) ya no (?:está |están |va |van |sale |salen |aparece |aparecen |entra |entran )?(?:en|dentro de) (?:la |el |los |las )?[\pL\pN_-]+(?:[^\pL\pN].*)?$`),
			// A person no longer doing a duty: "Iker ya no despliega".
			regexp.MustCompile(`^(?:.+(?:, | y | pero ))?(?P<tp>` + nameRe + `) (?i:ya no) (?P<v>\pL+)(?:[^\pL].*)?$`),
			// A supplier gone out of business: "MeteoSur quebró".
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:el |la |los |las )?(?P<t>[^,]{2,40}?) (?:quebró|ha quebrado|se fue a la quiebra|cerró sus puertas|está en quiebra)(?:[^\pL].*)?$`),
			// "Localiza cerró en agosto", "el de Tarragona cerró en primavera": a
			// firm named by its name or its town closed for good.
			regexp.MustCompile(`^(?:.+(?:, | y | pero ))?(?:(?:el|la|los|las) de )?(?P<t>\p{Lu}[\pL&.-]+(?: \p{Lu}[\pL&.-]+)?) (?:cerró|ha cerrado)(?: (?:en|a finales de|el mes pasado|el año pasado|definitivamente|para siempre)\b[^,.;]{0,20})?(?:[,.;]|$).*$`),
		},
		ended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:ya )?(?:se acabó|se terminó|terminó|se levantó|se cerró) (?:el |la |los |las )?(?P<t>[^,]+?)(?:[.;!].*)?$`),
			regexp.MustCompile(`(?i)^(?:ahora que |como |lo de(?:l| la| los| las)? )?(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]{3,}?) (?:ya )?(?:terminó|terminaron|se acabó|se acabaron|han terminado|se levantó|está terminad[oa]|ha terminado|se ha acabado|ya pasó)(?: hace (?:mucho|tiempo|rato|semanas|meses))?(?:[^\pL\pN].*)?$`),
			// "Ya pasó el calor, …": a season or spell over, said verb first.
			regexp.MustCompile(`(?i)^(?:y |pues |bueno,? )?ya (?:pasó|pasaron) (?:el |la |los |las )(?P<t>[^,;.]{2,30}?)(?:[,;.!]|$)`),
			// "La feria pasó, quita la excepción": "pasó" ends its clause
			// ("le pasó la cuenta a Pedro" hands a thing on).
			regexp.MustCompile(`(?i)^(?:ahora que |como )?(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]{2,30}?) (?:ya )?pasó(?: sin (?:problemas|incidencias|novedad|ningún \pL+|ninguna(?: \pL+){1,2}))?\s*(?:[,.;!].*)?$`),
		},
		reopened: []*regexp.Regexp{
			// "ahora también se cobra a los socios": what was left out is in too.
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:el |la |los |las )?(?P<t>[^,]{2,40}?) (?:\S+ ){0,2}?ahora también\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:el |la |los |las )?(?P<t>[^,]{2,40}?) (?:se puede|se pueden|puede|pueden|vuelve a estar|vuelven a estar) (?:\S+ ){0,4}?(?:otra vez|de nuevo)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | y | pero ))?(?:ya |ahora )?cualquiera puede (?P<t>[^,.;]{2,50})`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:buenas noticias,? |y |ya |ahora que |como )*(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]{2,40}?) (?:ya )?(?:está|están|quedó|quedaron|fue|fueron) (?:por fin |ya )?(?:arreglad[oa]s?|reparad[oa]s?)\b`),
			regexp.MustCompile(`(?i)^(?:buenas noticias,? |y |ya )*(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]{2,40}?) (?:ya )?(?:vuelve a funcionar|vuelven a funcionar|funciona otra vez|funciona de nuevo|vuelve a estar en (?:servicio|marcha)|vuelven a estar en (?:servicio|marcha)|está otra vez en servicio)\b`),
			// "ya cambiaron la bomba del 6": the broken part replaced.
			regexp.MustCompile(`(?i)^(?:buenas noticias,? |y |además,? )*(?:ya |por fin )+(?:cambiaron|han cambiado|repararon|han reparado|arreglaron|han arreglado|sustituyeron|han sustituido) (?:el |la |los |las )(?P<t>[^,]{2,40}?)(?:\s*[,.;!].*)?$`),
			// "El Dobson ya ha vuelto del taller": back from the repair shop.
			regexp.MustCompile(`(?i)^(?:buenas noticias,? |y |ya )*(?:el |la |los |las |nuestro |nuestra )?(?P<t>[^,]{2,40}?) (?:ya |por fin )?(?:ha vuelto|han vuelto|volvió|volvieron|regresó|ha regresado) (?:ya )?del (?:taller|servicio técnico|arreglo)`),
			regexp.MustCompile(`(?i)^(?:buenas noticias,? |y )*(?:ya |por fin )+(?:hay|tenemos) (?:el |la |un |una )?(?P<t>[^,]{2,40}?) (?:nuev[oa]s?|arreglad[oa]s?|reparad[oa]s?|otra vez|de vuelta)\b`),
		},
		forget: regexp.MustCompile(`(?i)^(?:por favor,? )?olvida (?:lo que (?:te )?dije (?:sobre|de) |todo (?:sobre|lo de) |que )(?P<t>.+)$`),
		// "el umbral es 25 °C, no 28": a value said with the one it
		// corrects.
		corrects: regexp.MustCompile(`(?i)[\p{L}\p{N}%°]\s*(?:ahora)?,\s+(?:y\s+)?no\s+(?P<prep>(?:en|a las|a la|el día) )?(?:el |la |los |las )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?:\s?(?:\d[\w.]*|%|°\w?|[a-z]{1,3}))?)\s*(?:[,.;!]|$)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`(?i)\bde (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?) a \S+`),
			// "not X, but Y": a correction names what it was not.
			regexp.MustCompile(`(?i)\bno (?:es|son|era|eran|va|van|está|están|corre|corren) (?:en |con |por |el |la |los |las )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?: \d[\w.]*)?)(?:,? sino\b|, (?:era|es|son|eran)\b|,?$)`),
			// "ya no sube las builds": after "ya no" only a value is what
			// went, never a verb.
			regexp.MustCompile(`\bya no (?P<old>(?:\p{Lu}[\w.:/@#+-]*|[\w.:/@#+-]*\d[\w.:/@#+-]*)(?: \d[\w.]*)?)`),
			// "ya no pasa por Home Assistant": what it went through.
			regexp.MustCompile(`(?i)\bya no (?:pasa|pasan|pasamos|va|van|vamos|usa|usan|usamos|está|están|estamos|corre|corren) (?:por|con|en|a través de) (?:el |la |los |las )?(?P<old>(?-i:\p{Lu})[\w.-]*(?: (?-i:\p{Lu})[\w.-]*)?)`),
			regexp.MustCompile(`(?i)\b(?:en vez de|en lugar de|ya no (?:es|son|de|en|a)|reemplaza|reemplazó|sustituye) (?:el |la |los |las )?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\b(?:migramos|cambiamos|pasamos|movimos|migrado|cambiado|pasado|movido)(?: [\p{L}-]+){0,3}? desde (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			// "lo de Netlify se acabó": what ended.
			regexp.MustCompile(`\blo de (?P<old>\p{Lu}[\w.:/@#+-]*(?: \p{Lu}[\w.-]*)?) se (?:acabó|terminó)`),
			// "dejé Toggl en noviembre": a product left.
			regexp.MustCompile(`\b(?:[Dd]ejé|[Dd]ejamos|[Aa]bandoné|[Aa]bandonamos|[Dd]ejé de usar|[Dd]ejamos de usar) (?:el |la |los |las )?(?P<old>\p{Lu}[\w.:/@#+-]*(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\bantes (?:era|usábamos|estaba en) (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`^(?P<old>\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?) (?:le |les )?(?:pasó|traspasó|cedió|dejó) .{1,50}? a \p{Lu}\p{L}+`),
			regexp.MustCompile(`(?i)\bya no es (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
		},

		determiners: set("el", "la", "los", "las", "un", "una", "nuestro", "nuestra", "nuestros", "nuestras", "mi", "mis", "tu", "todo", "todos", "toda", "todas", "por", "cierto", "ahora", "también", "y", "pues", "actual", "sí", "bueno", "vale"),
		pronounSubj: set("nosotros", "yo", "eso", "esto", "tú", "ellos", "él", "ella", "todo", "aquí", "se"),
		forPrep:     regexp.MustCompile(`(?i)\b(?:para|como)\s+(?:el |la |los |las |nuestro |nuestra |todo |todos )?(?P<np>[\p{L}\d\s/.-]{2,40}?)(?:[,.;!]|$| y | pero | porque )`),
		properStop:  set("Yo", "Nosotros", "El", "La", "Los", "Las", "Nuestro", "Nuestra", "Por", "Siempre", "Nunca", "Pregúntale", "Pregunta", "Equipo", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Todo", "Todos", "Nadie", "CI", "PR", "PRs"),
	}
}

func french() *lexicon {
	return &lexicon{
		departed:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `) (?:a quitté|est parti|est partie|n'est plus (?:dans|chez|avec|là|dans l'équipe)|a changé d'équipe|est (?:en congé|en congés|en arrêt)|(?:part|partira|est partie?) à la retraite|(?:prend|a pris) sa retraite|est à la retraite|passe (?:sur|à) (?:le|un|l'autre|un autre) (?:projet|équipe)|(?:passe|part) (?:au|à la|à l'|aux) ?[\p{L}' -]{2,30}?(?:$|[,.;])|est passée? (?:dans|chez|à) (?:une autre|l'équipe|une nouvelle)|est passée? (?:sur|au|à la|à l') ?[\p{L}' -]{2,30}$|est passée? côté|est partie? (?:chez|à|dans|en)|a rejoint|nous quitte|quitte (?:l'équipe|la boîte|l'entreprise|la société)|s'en va)|^(?P<t3>(?-i:\p{Ll}[\p{Ll}éèëï-]{2,15})) (?:a pris sa retraite|est (?:parti|partie) à la retraite|a quitté (?:l'équipe|la boîte|l'entreprise|la société)|nous a quittés|nous quitte)(?:[^\pL\pN]|$)|^(?:le |Le )contrat de (?P<t2>` + nameRe + `) (?:est terminé|est fini|est arrivé à (?:son )?terme|a pris fin|prend fin|s'est terminé|se termine|s'arrête|n'a pas été renouvelé)|^(?:(?:[Ll]a|[Ll]e|[Ll]es|[Ll]') ?[\p{Ll}'-]{2,20} )?(?P<t4>` + nameRe + `) (?:a (?:fermé|fait faillite|mis la clé sous la porte|cessé (?:son|ses) activités?|déposé le bilan)|est en faillite|a coulé)(?: (?:en|le|il y a|définitivement|pour de bon)\b[^,.;:]{0,25})?(?:[,.;:]|$)`),
		returned:     regexp.MustCompile(`^` + titleRe + `(?P<t>` + nameRe + `) est (?:revenue?|de retour|rentrée?)` + EndsWord),
		questionLead: leadRe(`qu'est-ce`, `qu'est ce`, `quoi`, `quel`, `quelle`, `quels`, `quelles`, `comment`, `où`, `pourquoi`, `quand`, `qui`, `combien`, `est-ce que`, `est-ce`, `peux-tu`, `pouvez-vous`, `pourrais-tu`, `pourriez-vous`, `sais-tu`, `savez-vous`, `as-tu`, `avez-vous`, `dois-je`, `faut-il`, `y a-t-il`, `c'est quoi`, `je me demande`),
		hypo:         wordsRe(`demandé si`, `on m'a dit que`, `on m'a dit qu'`, `je ne sais pas si c'est vrai`, `demande si`, `demandait si`, `paraît-il`, `il paraît`, `j'ai entendu`, `on dit que`, `rumeur`, `rumeurs`, `apparemment`, `peut-être`, `imaginons`, `imagine`, `supposons`, `admettons`, `on pourrait`, `pourrait`, `pourrions`, `pourraient`, `serait`, `seraient`, `aurait`, `ferait`, `et si`, `je me demande`, `je ne sais pas si`, `probablement`, `en théorie`, `hypothétiquement`, `je réfléchis`, `on réfléchit`, `envisage`, `envisager`, `un jour`, `idée`, `je pense`, `je crois`),
		cond:         wordsRe(`si`, `quand`, `lorsque`, `dès que`, `chaque fois que`),
		oneOff:       wordsRe(`aujourd'hui`, `ce soir`, `demain`, `pour l'instant`, `pour le moment`, `pour aujourd'hui`, `juste cette fois`, `cette fois`, `cette fois-ci`, `pour cette fois`, `dans cette pr`, `pour cette pr`, `pour ce ticket`, `pour cette tâche`, `dans cette session`, `cette semaine`, `jusqu'à demain`, `temporairement`, `provisoirement`, `en attendant`, `pour ce coup`, `sur cette branche`, `pour cette branche`, `tout de suite`),
		joke:         regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:mdr|ptdr|lol|haha\w*|hihi\w*|je plaisante|c'est une blague|blague|pour rire|je rigole|ironie|sarcasme|bien sûr que non)(?:$|[^\p{L}])|😂|🤣|🙃|😜`),
		noNotes:      wordsRe(`ne (?:le |l'|la )?(?:note|notez|retiens|retenez|garde|gardez|mémorise|enregistre|sauvegarde) pas`, `pas (?:dans|pour) (?:les|tes|vos) notes`, `à ne pas noter`, `entre nous`, `off the record`, `officieusement`, `hors micro`, `inutile de (?:le )?noter`, `ne pas (?:noter|retenir|mémoriser)`, `ne l'(?:écris|écrivez|écrivons|enregistre|note) nulle part`, `(?:note|écris|garde)(?:-le)? nulle part`),
		task:         wordsRe(`ce`, `cet`, `cette`, `ces`, `ça`, `ceci`, `d'abord`, `ensuite`, `tout de suite`, `corrige`, `répare`, `débugge`, `regarde`, `montre`, `explique`, `aide`, `implémente`, `renomme`, `supprime`, `efface`, `crée`, `génère`, `installe`, `continue`, `essaie`, `essaye`),
		state:        wordsRe(`(?:est|sont) (?:encore |toujours |de nouveau )?(?:cassé|cassée|cassés|en panne|down|lent|lente|rouge|vert|prêt|prête|fini|finie|planté|plantée|bloqué|bloquée)`, `plante`, `échoue`, `échouent`, `a échoué`, `ne marche pas`, `ne fonctionne pas`, `marche pas`, `crashe`),
		narrative:    leadRe(`on (?:prépare|est en train|travaille sur|bosse sur|regarde|essaie)`, `j'ai (?:corrigé|lancé|essayé|poussé|vu|changé|ajouté|supprimé|regardé|testé|fait|trouvé|remarqué|besoin que)`, `je (?:pense|crois|suppose|vois|regarde|teste|essaie|sais pas|ne sais pas|suis en train|vais)`, `laisse-moi`),
		report:       regexp.MustCompile(`(?i)^(?:[\p{L}.'’ -]{1,40}?) (?:a écrit|écrit|a dit|dit|a posté|a envoyé|a transféré|a répondu)\s*:|^(?:de|objet|à|date|envoyé)\s*:|^-{2,}\s*(?:message d'origine|message transféré)`),

		fillerLead:   leadRe(`premièrement`, `deuxièmement`, `troisièmement`, `d'abord`, `ensuite`, `enfin`, `en général`, `de manière générale`, `d'une manière générale`, `chez nous`, `dans l'équipe`, `dans notre équipe`, `pour le contexte`, `pour contexte`, `contexte`, `ok`, `d'accord`, `bon`, `alors`, `aussi`, `et`, `au fait`, `d'ailleurs`, `sinon`, `salut`, `bonjour`, `hey`, `ah`, `ah et`, `oh`, `autre chose`, `une dernière chose`, `ps`, `oui`, `non`, `merci`, `parfait`, `super`, `en fait`, `correction`, `btw`, `bref`, `du coup`, `tiens`, `pour info`, `pour information`, `fyi`, `important`, `info`, `petite info`, `à savoir`, `pour que tu saches`, `mise à jour`, `attention`, `désormais`, `dorénavant`, `à partir de maintenant`, `à l'avenir`),
		rememberLead: leadRe(`(?:s'il te plaît,? |stp,? )?(?:retiens|retenez|souviens-toi|rappelle-toi|note|notez|prends note|garde en tête|garde à l'esprit|n'oublie pas|pour mémoire|pour la suite|pour référence|pour plus tard|mémorise)(?: bien)?(?: que| de| ceci)?`),
		rememberTail: regexp.MustCompile(`(?i)[,;:.!\s—–-]+(?:garde(?:-le| ça) en tête|retiens-le|retiens bien ça|note-le|n'oublie pas)\s*[.!]*$`),

		intro:     regexp.MustCompile(`(?i)^(?:(?:bonjour|salut|coucou|hello)[,!]?\s+)?(?:c'est )?` + nameRe + `,\s+(?:je|j')|^(?:(?:bonjour|salut|coucou|hello)[,!]?\s+)?c'est ` + nameRe + `\b|^je (?:bosse|travaille) (?:(?:sur|chez|dans)\b|à` + EndsWord + `)|^(?:je suis|ici|moi c'est) ` + nameRe + `\b|^` + nameRe + ` ici\b|^(?:je m'appelle|mon nom est|appelle-moi) |^(?:je (?:m'occupe|me charge) d[eu']|j'ai (?:repris|hérité d[eu']|pris en charge|récupéré)|je travaille (?:sur|chez|comme|dans|pour|avec)|je suis (?:le|la|nouveau|nouvelle|responsable|lead|développeur|développeuse|ingénieur|ingénieure|dans l'équipe|en charge|chez|dans)|je gère|je maintiens|mon rôle|mon fuseau)`),
		team:      regexp.MustCompile(`(?i)(?:^|\s)(?:s'occupe d[eu']|est responsable d[eu']|est (?:le|la) responsable|gère|maintient|valide|approuve|relit|doit (?:valider|approuver|relire|signer)|décide|est (?:le|la|notre) (?:référent|référente|owner|propriétaire|lead|contact|responsable|expert|experte|mainteneur|mainteneuse))\b|(?:^|\s)(?:demande à|demandez à|vois avec|voyez avec|voir avec|parle à|parlez à|contacte|contactez|ping|mentionne) ` + nameRe + `|(?:le |la )?(?:responsable|référent|référente|owner|propriétaire|contact|validation|relecture)(?: d[eu'] ?[\p{L}\s/-]+?)? (?:est|sont|se fait par|vient de|par) ` + nameRe + `|c'est ` + nameRe + ` qui|appartient à (?:l'équipe|` + nameRe + `)|(?:vont|va|passent|passe|s'adressent|s'adresse) (?:à|chez) ` + nameRe + ``),
		decision:  leadRe(`(?:on a|nous avons) (?:décidé|choisi|convenu|opté|tranché|validé|retenu)`, `la décision est`, `décision`, `on part sur`, `on reste sur`, `on garde`, `on va avec`, `on est parti sur`, `l'équipe a (?:décidé|choisi)`),
		pref:      leadRe(`(?:une |petite )?(?:petite )?préférence(?: perso| personnelle)?(?: pour la suite)?\s*:`, `je préfère`, `j'aime`, `j'adore`, `je déteste`, `je n'aime pas`, `j'aimerais (?:que )?(?:toujours|jamais)`, `je voudrais (?:que )?(?:toujours|jamais)`, `mon (?:éditeur|shell|outil|terminal) (?:préféré|favori)`, `je veux (?:toujours|jamais|que tu)`, `personnellement`, `moi,? je préfère`),
		durable:   wordsRe(`en général`, `de manière générale`, `chez nous`, `dans notre équipe`, `toujours`, `jamais`, `tout`, `tous`, `toutes`, `toute`, `chaque fois`, `chaque`, `à chaque`, `par défaut`, `désormais`, `dorénavant`, `à partir de maintenant`, `à l'avenir`, `en règle générale`, `règle`, `convention`, `politique`, `standard`, `seulement`, `uniquement`, `que des`, `aucun`, `aucune`, `notre`, `nos`, `on utilise`, `nous utilisons`, `dans ce repo`, `personne`, `rien`),
		modal:     wordsRe(`doit`, `doivent`, `dois`, `devons`, `il faut`, `faut`, `ne faut pas`, `est interdit`, `sont interdits`, `interdit`, `pas le droit`, `obligatoire`, `est obligatoire`, `nécessite`, `nécessaire`, `requiert`, `passe par`, `passent par`, `va dans`, `vont dans`),
		imperLead: leadRe(`utilise`, `utilisez`, `sers-toi`, `mets`, `mettez`, `écris`, `écrivez`, `lance`, `lancez`, `exécute`, `fais`, `faites`, `demande`, `demandez`, `évite`, `évitez`, `garde`, `gardez`, `nomme`, `nommez`, `commit`, `commite`, `pousse`, `déploie`, `teste`, `formate`, `documente`, `ajoute`, `inclus`, `mentionne`, `réponds`, `répondez`, `n'utilise`, `ne mets`, `ne pousse`, `ne fais`, `ne touche`, `ne lance`, `jamais`, `toujours`, `pas de`, `merci de`, `prière de`, `veille à`, `pense à`, `ne jamais`, `toujours`, `passe par`, `préfixe`, `signe`),
		factVerb:  wordsRe(`est`, `sont`, `coûte`, `coûtent`, `vaut`, `descend à`, `descendent à`, `monte à`, `montent à`, `baisse à`, `baissent à`, `c['’]est (?:le |la |les |l'|à |de |tous les |toutes les )?(?:(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?|\d+(?:[.,]\d+)?|(?-i:\p{Lu})[\pL\d]*|[\pL\d]+[._:/#@-][\pL\d._:/#@-]*)`, `était`, `tourne sur`, `tournent sur`, `tourne dans`, `tourne en`, `tournent en`, `tourne sous`, `tournent sous`, `vit dans`, `vivent dans`, `se trouve`, `se trouvent`, `est hébergé`, `est hébergée`, `est déployé`, `est déployée`, `utilise`, `utilisent`, `s'appelle`, `pointe vers`, `a`, `ont`, `prend`, `dure`, `=`, `est écrit en`, `est construit avec`, `est stocké`, `sont stockés`, `appartient à`, `passe par`, `nécessite`, `requiert`, `part(?:ent)? (?:par|sur|vers|via|dans|chez)`, `v(?:a|ont) (?:sur|dans|vers|chez|via)`, `arrive(?:nt)? (?:dans|sur|chez)`, `atterri(?:t|ssent) (?:dans|sur)`, `(?:est|sont) envoyée?s? (?:par|via|sur|vers)`),
		strong:    wordsRe(`tourne sur`, `tournent sur`, `tourne dans`, `vit dans`, `vivent dans`, `se trouve`, `se trouvent`, `est hébergé`, `est hébergée`, `sont hébergés`, `est déployé`, `est déployée`, `sont déployés`, `est stocké`, `est stockée`, `sont stockés`, `est écrit en`, `est écrite en`, `est construit avec`, `pointe vers`, `est géré (?:par|avec|dans)`, `est gérée (?:par|avec|dans)`, `passe par`, `passent par`, `est dans`, `sont dans`, `est sur`, `sont sur`, `appartient à`, `expire`, `part(?:ent)? (?:par|sur|vers|via|dans|chez)`, `v(?:a|ont) (?:sur|dans|vers|chez|via)`, `arrive(?:nt)? (?:dans|sur|chez)`, `atterri(?:t|ssent) (?:dans|sur)`, `(?:est|sont) envoyée?s? (?:par|via|sur|vers)`),
		we:        leadRe(`nous (?:ne )?\p{L}+ons`, `on (?:ne |n')?\p{L}+`, `(?:nous|on) (?:utilise|utilisons|déploie|déployons|héberge|hébergeons|travaille|travaillons|garde|gardons|fait|faisons|publie|publions|a|avons|tourne|suit|suivons|nomme|nommons)`, `notre `, `nos `, `tout `, `tous `, `toutes `, `aucun `, `aucune `),

		update: regexp.MustCompile(`(?i)^(?:on|nous) (?:migre|migrons|passe|passons|bascule|basculons) (?:de|du|des) .{2,40}? (?:vers|à|sur) \S|` +
			// "Paweł a fait la migration en Django 5.2 la semaine dernière".
			`(?:^|\s)(?:a|ont|avons|on a|j'ai) (?:fait|terminé|fini) la (?:migration|bascule|mise à jour|montée de version) (?:en|vers|à|sur) \S|` +
			// "avec lui on passe sur le canal 20": a move to a value.
			`^(?:(?:avec|depuis|donc|du coup|alors|maintenant)[^,]{0,40}? )?(?:on|nous) (?:passe|passons|est passés?|a basculé|bascule) (?:sur|à|au|en) (?:le |la |les |l')?(?P<np6>[\pL-]{2,20}) [\pL\pN]*\d|` +
			// "pour les parfumés, on passe la cure à cinq semaines": a
			// value set from now on, for what the lead-in names.
			`^(?:pour [^,]{2,40}, )?(?:on|nous) (?:passe|passons|met|mettons|monte|montons|baisse|baissons|porte|portons|ramène|ramenons|allonge|allongeons|réduit|réduisons|raccourcit|raccourcissons) (?:le |la |les |l'|notre |nos )(?P<np3>[\p{L}\s'-]{2,40}?) (?:à|au|aux|en) \S|^(?:et )?(?:finalement )?(?:on|nous) (?:repasse|repassons|revient|revenons|est revenus?|sommes revenus?|retourne|retournons|est repassés?|a repassé) (?:en|à|au|aux|sur|sous|vers)` + EndsWord + `|^(?:on|nous) n'(?:utilise|utilisons) plus (?P<np9>[^,]{2,40}), (?:c'est|on utilise|on passe par) .+|^(?:on a|nous avons|j'ai) (?:migré|déplacé|changé|passé|basculé|mis à jour|monté|augmenté|baissé|réduit|relevé|remplacé|bumpé|upgradé|switché) (?:le |la |les |l'|notre |nos )?(?P<np>[\p{L}\s-]{2,40}?) (?:de|depuis|vers|à|sur)` + EndsWord + `|^(?:le |la |les |l'|notre |nos )?(?P<np2>[\p{L}\s'-]{2,40}?) (?:est passée?|sont passés|a été (?:montée?|augmentée?|baissée?|changée?|déplacée?)|est maintenant|c'est maintenant) (?:(?:à|au|en|sur|de|dans)` + EndsWord + `|\b)|^(?:(?:et|donc|alors|du coup) )?(?:(?-i:\p{Lu}\p{Ll}+)(?: (?-i:\p{Lu}\p{Ll}+))? |on |ils |elles )(?:a|ont) (?:remonté|relevé|baissé|abaissé|augmenté|réduit|ramené|porté|fixé|descendu|monté|passé) (?:le |la |les |l')(?P<np8>[\p{L}\s'-]{2,40}?) (?:à|au|aux) (?:\d|(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze|vingt|trente)\b)`),
		strongCue: wordsRe(`toujours`, `jamais`, `chaque fois`, `désormais`, `dorénavant`, `à partir de maintenant`, `sans exception`),
		taskLead:  leadRe(`(?:tu peux |peux-tu |pourrais-tu |merci de )?(?:renomme|corrige|ajoute|retire|supprime|crée|mets à jour|change|déplace|implémente|écris|fais|lance|vérifie|regarde|essaie|montre|explique|ouvre|installe|construis|déploie|génère|cherche|allons)`),
		retract: []*regexp.Regexp{
			// "la revue de modèle par Hugo, on n'en a plus": what we have
			// or do no more, named before.
			regexp.MustCompile(`(?i)^(?:(?:et|mais|donc|alors|bon),? )?(?:le |la |les |l'|l’|notre |nos )?(?P<t>[^,;:]{3,60}?),? on n['’]en (?:a|fait|veut|utilise|fera) plus\b`),
			// The same said alone, after the clause naming it: the "en"
			// points back.
			regexp.MustCompile(`(?i)^(?:(?:et|mais|donc|alors|bon),? )?on n['’](?P<t>en) (?:a|fait|veut|utilise|fera) plus\b`),
			// Taken down for good: "le banc HIL est démonté depuis
			// septembre", "l'ancien serveur a été débranché".
			regexp.MustCompile(`(?i)^(?:.+?(?:, | et | mais | donc ))?(?:le |la |les |l'|notre |nos |l’)?(?P<t>[^,;:]{2,60}?) (?:est|sont|a été|ont été) (?:maintenant |définitivement |enfin )?(?:démontée?s?|décommissionnée?s?|débranchée?s?|mise?s? au rebut|mise?s? hors service)(?:[^\pL\pN].*)?$`),
			// Closed or switched off since: "la boutique WooCommerce est
			// fermée depuis juin", "le mode Under Attack est désactivé
			// depuis que …" (a shop "fermée le lundi" is only closed then).
			regexp.MustCompile(`(?i)^(?:.+?(?:, | et | mais | donc ))?(?:le |la |les |l'|notre |nos |l’)?(?P<t>[^,;:]{2,60}?) (?:est|sont|a été|ont été) (?:maintenant |définitivement |enfin )?(?:fermée?s?|désactivée?s?|coupée?s?|arrêtée?s?) (?:depuis|pour de bon|définitivement)\b.*$`),
			// Cancelled: "on a résilié le compte Xserver".
			regexp.MustCompile(`(?i)^(?:.+?(?:, | et | mais | donc ))?(?:on a|nous avons|j'ai) (?:aussi |enfin |finalement )?résilié (?:le |la |les |l'|l’|notre |nos )?(?P<t>[^,;:.!?]{2,60}?)(?:[,;:.!?]|$| depuis\b| en \pL+| le mois dernier)`),
			// Allowed now: "seaborn est autorisé maintenant".
			regexp.MustCompile(`(?i)^(?:et |bon,? )?(?P<t>[\w.+-]+(?: [\w.+-]+)?) (?:est|sont) (?:de nouveau |à nouveau |maintenant |désormais )*(?:autorisée?s?|permise?s?)\b.*$`),
			// What may go: "les jobs HIL dans le CI peuvent partir".
			regexp.MustCompile(`(?i)^(?:.+?(?:, | et | mais | donc ))?(?:le |la |les |l'|l’)(?P<t>[^,;:]{2,60}?) (?:peut|peuvent) (?:maintenant |aussi |enfin )?(?:partir|sauter|disparaître|être (?:supprimée?s?|retirée?s?|enlevée?s?))(?:\s*[.,;!]|$| aussi| maintenant| également)`),
			// "ils ne veulent plus de papier": what someone no longer wants.
			regexp.MustCompile(`(?i)^(?:.+?(?:, | et | mais | : | donc ))?(?:ils|elles|il|elle|on|le client|la cliente|le cabinet) ne (?:veu(?:len)?t|voudront) plus (?:de |d'|du |des |le |la |les |l')?(?P<t>[^,;.:]+?)(?:[,;.:]|$)`),
			// "on lâche la règle sur les default export": a rule let go.
			regexp.MustCompile(`(?i)^(?:(?:et|alors|bon|donc|bref),? )*(?:on|nous) (?:lâche|lâchons|abandonne|abandonnons|laisse tomber|laissons tomber|supprime|supprimons|oublie|oublions|a lâché|a abandonné|a laissé tomber|a supprimé) (?:la règle (?:sur |de |des |du |d')?|le |la |les |l')(?P<t>[^,;.]+?)(?:[,;.!]|$)`),
			// "arrête l'envoi par mail des feuilles de présence, …": a
			// practice the agent kept up, stopped.
			regexp.MustCompile(`(?i)^(?:s'il te plaît,? |alors,? )?(?:arrête|arrêtez) (?:l'|l’|les |le |la )(?P<t>(?:envoi|impression|export|relance|publication|copie|rappel)s?\b[^,;]*)(?:[,;].*)?$`),
			regexp.MustCompile(`(?i)^(?:s'il te plaît,? |alors,? )?(?:arrête|arrêtez) (?:de |d')(?P<t>(?:envoyer|imprimer|exporter|relancer|publier|copier|mettre en copie)\b[^,;]*)(?:[,;].*)?$`),
			// "on arrête de publier le lundi": a practice stopped.
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | donc ))?(?:on arrête|on a arrêté|nous arrêtons|nous avons arrêté|on cesse|on a cessé) (?:de |d')(?P<t>\pL+(?:er|ir|re|oir)\b[^,;]*?)(?:[,;.!].*)?$`),
			// Quelqu'un d'autre a levé une restriction : "la préfecture a levé
			// l'interdiction d'arrosage hier".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?\pL[^,;:]{1,40}? (?:a|ont) (?:enfin |déjà )?levé (?P<t>(?:la |le |les |l')(?:restriction|interdiction|limitation|suspension|fermeture|embargo|moratoire|gel)s?[^,;.]{0,40}?)(?:\s+(?:hier|aujourd'hui|ce matin))?\s*(?:[,;.!]|$)`),
			// Required no more.
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l')?(?P<t>[^,]{2,40}?) (?:n'est plus|ne sont plus) (?:obligatoires?|nécessaires?|exigée?s?|requise?s?|imposée?s?)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l')?(?P<t>[^,]{2,40}?) (?:devient|deviennent|est maintenant|sont maintenant|est désormais|sont désormais) (?:facultati(?:f|ve)s?|optionnel(?:le)?s?)\b.*$`),
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l')?(?P<t>[^,]{2,40}?),\s*on (?:la |le |les |l')(?:fait|fera) sauter\b.*$`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`(?i)^(?:et )?(?:le |la |les |l')?(?P<t>[^,;]{2,40}?) (?:est|sont) (?:maintenant |désormais )?(?:obsolètes?|dépréciée?s?|deprecated)[.!]?$`),
			regexp.MustCompile(`(?i)^(?:(?:pardon|désolée?|correction),? )*je t'(?:ai|avais) dit (?P<t>[^,]+?),? (?:mais )?(?:c'était|c'est|ce n'était) (?:faux|une erreur|pas bon|pas ça)(?:[^\pL\pN].*)?$`),
			// "les flags n'ont plus besoin de date d'expiration": what a
			// thing no longer needs.
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?[^,]{2,40}? n'(?:a|ont|avons|ai) plus besoin (?:de |d'|du |des )(?:la |le |les |l')?(?P<t>[^,;.]{2,40}?)(?:[,;.!]|$)`),
			// Plus rien : "il n'y a plus de restriction sur les jours de …".
			regexp.MustCompile(`(?i)^(?:mais |et |donc |bon,? )?il n'y a plus (?:de |d'|aucune? )(?P<t>[^,;.]{3,60}?)(?:[,;.]|$)`),
			// Renvoi en arrière : "oublie ce que j'ai dit sur X".
			regexp.MustCompile(`(?i)^(?:oublie|oubliez|ignore|ignorez) (?:ce que|tout ce que) (?:je t'ai|je vous ai|j'ai|on a) (?:dit|écrit|raconté) (?:sur|à propos de|concernant|au sujet de|pour) (?P<t>[^,;]+)`),
			// Annulé : "le Next Fest c'est annulé".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et ))?(?:le |la |les |l'|notre |nos )?(?P<t>[^,]+?),? (?:c'est|est|a été|ont été) (?:finalement |officiellement )?annulée?s?(?:[^\pL\pN].*)?$`),
			// Arrêté par nous : "on a arrêté Matomo sur tout le site".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:on a|nous avons|j'ai|ils ont|l'équipe a) (?:complètement |définitivement |déjà )?(?:arrêté|abandonné|supprimé|retiré|désactivé|débranché|décommissionné|quitté|lâché|laissé tomber) (?:le |la |les |l'|notre |nos )?(?P<t>[^,;:]+?)(?: sur tout le site| partout| pour de bon| définitivement)?(?:[,;:]|\.(?:\s|$)|\s+(?:et|car|parce)\b|$).*$`),
			// "on n'a plus de créneau imposé": what is no longer had.
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:on|nous) n'(?:a|avons) plus (?:de |d')(?P<t>[^,;:.]{3,50}?)(?:[,;:.!]|$| pour | depuis | avec )`),
			// Décommissionné : "jup-login2 a été décommissionné", "X n'existe plus".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l'|notre |nos )?(?P<t>[^,]+?) (?:a été|ont été|est maintenant|sont maintenant) (?:définitivement |enfin |déjà )?(?:décommissionnée?s?|fermée?s?|supprimée?s?|arrêtée?s?|retirée?s?|éteinte?s?|archivée?s?|démantelée?s?|mise?s? hors service|abandonnée?s?)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:le |la |les |l'|notre |nos )?(?P<t>.+?) n'existe(?:nt)? plus(?:[^\pL\pN].*)?$`),
			// Hors d'usage : "runner-03 est mort", "l'ancien NAS est HS".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais | : ))?(?:le |la |les |l'|notre |nos )?(?P<t>[^,:]+?) (?:est|sont) (?:définitivement |complètement |maintenant )?(?:morte?s?|HS|hors service|hors d'usage|cramée?s?|grillée?s?)(?:[^\pL\pN].*)?$`),
			// "Le Comptoir a fermé définitivement", "tu peux retirer sa contrainte".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l'|notre |nos )?(?P<t>[^,]+?) (?:a|ont) (?:définitivement fermé|fermé définitivement|fermé ses portes|fermé leurs portes|mis la clé sous la porte)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:et |donc |du coup )?(?:tu peux|vous pouvez|on peut) (?:retirer|enlever|supprimer|virer|oublier) (?P<t>(?:le|la|les|l'|sa|son|ses|cette|ce|cet|ces) ?[^,;.]{2,50}?)(?:[,;.!]|$)`),
			// Un sujet, puis un pronom pour lui : "la règle des captures, tu peux l'oublier".
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:tu peux|vous pouvez|on peut) (?:l'|la |le |les )(?:oublier|ignorer|supprimer|laisser tomber|retirer|enlever|abandonner)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:tu peux|vous pouvez|on peut) (?P<t>l'|la|le|les) ?(?:oublier|ignorer|supprimer|laisser tomber|retirer|enlever|abandonner)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:oublie|oubliez|ignore|ignorez|supprime|supprimez)[- ](?:la|le|les)(?:[^\pL\pN].*)?$`),
			// Un sujet, puis "oublie" seul : "la carte Leaflet en haut, oublie, on l'a virée".
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*(?:oublie|oubliez|laisse tomber|laissez tomber|on oublie)\s*(?:[,.;!]|$)`),
			// "On lâche Jenkins, tout passe par GitLab CI": a thing dropped,
			// named after the verb.
			regexp.MustCompile(`(?i)^(?:ah |et |bon |alors |du coup )*(?:on|nous) (?:lâche|lâchons|laisse tomber|laissons tomber|abandonne|abandonnons) (?:le |la |les |l'|notre |nos )?(?P<t>[^,;:.\s]+(?: [^,;:.\s]+){0,3}?)(?:[,;:.!]|$)`),
			// "notre macro LOG_D, on laisse tomber, on utilise …"
			regexp.MustCompile(`(?i)^(?:ah |et |bon |alors )*(?:le |la |les |l'|notre |nos )?(?P<t>[^,]+?),\s*on (?:laisse tomber|abandonne|arrête|oublie)\b.*$`),
			// "On arrête avec Brossard, ils ont vendu leurs poules".
			regexp.MustCompile(`(?i)^(?:ah |et |bon |alors )*(?:on|nous) (?:arrête|arrêtons|a arrêté|avons arrêté) avec (?P<t>[^,;.]{2,40}?)(?:[,;.!]|$)`),
			// "Thanos, on l'a viré, trop cher à maintenir": done away with.
			regexp.MustCompile(`(?i)^(?:autre chose ?: ?|ah |et |bon |alors )*(?:le |la |les |l'|notre |nos )?(?P<t>[^,:]+?),\s*(?:on|nous|je) (?:l'|les )(?:a|ai|avons) (?:viré|virée|virés|supprimé|supprimée|supprimés|retiré|retirée|retirés|abandonné|abandonnée|lâché|lâchée|arrêté|arrêtée|jeté|jetée|désinstallé|enlevé|enlevée|enlevés)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>[^,]+?),\s*on (?:l'a|les a) (?:abandonnée?s?|supprimée?s?|annulée?s?|retirée?s?|laissée?s? tomber)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?) (?:est|sont) (?:de nouveau|à nouveau) (?:autorisée?s?|disponibles?|ouverte?s?)(?:[^\pL\pN].*)?$`),
			// An exception over: "le site 3 est rouvert", "il compte à
			// nouveau".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | donc ))?(?:le |la |les |l'|notre )?(?P<t>[^,;]+?) (?:est|sont) (?:enfin |de nouveau |à nouveau )?(?:rouverte?s?|réouverte?s?)(?:[^\pL\pN].*)?$`),
			// "plus besoin que Thierry valide les correctifs mineurs": no
			// more need for what follows.
			regexp.MustCompile(`(?i)^(?:et |mais |donc |bon )?(?:il n'y a )?plus besoin (?:que |qu')(?P<t>[^;:]+?)\s*(?:[;:.!]|$)`),
			// "enlève cette exception": a measure pointed at, named before.
			regexp.MustCompile(`(?i)^(?:enlève|enlevez|retire|retirez|lève|levez) (?P<t>(?:cette|cet|ces|la|le|l'|les) ?(?:exception|restriction|dérogation|contrainte)s?)\s*[.!]?$`),
			// "la relecture hebdomadaire du journal est supprimée": done away with.
			regexp.MustCompile(`(?i)^(?:autre point ?: ?|et |donc |du coup )?(?:le |la |les |l'|notre |nos )?(?P<t>[^,;:]+?) (?:est|sont|a été|ont été) (?:désormais |maintenant |définitivement |purement et simplement )?(?:supprimée?s?|abandonnée?s?|annulée?s?|abolie?s?)(?:\s*[,;.!]\s*.*|\s+(?:faute|car|parce|depuis|à partir)\b.*)?$`),
			regexp.MustCompile(`(?i)^(?:oublie|oubliez|laisse tomber|abandonne|supprime|annule|ignore|raye)(?: la| le| cette| ce| l')? ?(?:(?:règle|convention|consigne|politique|histoire)(?: d[eu']| des| sur)? ?)?(?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:on|nous) ne (?:fait|faisons|utilise|utilisons|demande|demandons|suit|suivons) plus (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:on|nous) n'(?:utilise|utilisons|applique|appliquons|exige|exigeons) plus (?:l'|le |la |les )?(?P<t>[^,]+)$`),
			regexp.MustCompile(`(?i)^(?:la règle |la consigne )?(?P<t>.+?) (?:ne s'applique plus|ne tient plus|n'est plus valable|n'est plus d'actualité)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^(?:la règle |la consigne )?(?P<t>.+?) n'est plus (?:valable|d'actualité|en vigueur|nécessaire|obligatoire|d'application)(?:[^\pL\pN].*)?$`),
			regexp.MustCompile(`(?i)^arrête(?:z)? de (?:demander à|solliciter|utiliser|pinger|mentionner|faire) (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^ne (?:demande|demandez) plus (?:à |rien à )?(?P<t>.+)$`),
			regexp.MustCompile(`(?i)^plus besoin d[e'] ?(?P<t>.+)$`),
			// "…, donc plus besoin du dump anonymisé": what a reason said
			// first made needless.
			regexp.MustCompile(`(?i)(?:^|, )(?:(?:et|mais|donc|bon|alors|du coup),? )?(?:il n'y a )?plus besoin (?:du |des |de la |de l'|de |d')(?P<t>[^,;:.!?]{2,50})(?:[,;:.!?]|$)`),
			// "le Dr Morel a arrêté la téléconsultation": what someone stopped doing.
			regexp.MustCompile(`(?i)^(?:.+, )?(?:le |la )?(?:Dr |Dre |Mme |M\. )?(?-i:\p{Lu})[\pL-]+ a arrêté (?:la |le |les |l')(?P<t>[^,;:.!?]{2,40})(?:[,;:.!?]|$)`),
			regexp.MustCompile(`(?i)^(?:on|nous) n'(?:a|avons) plus besoin d[e'] ?(?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?P<t>.+?),? (?:c'est|ça c'est) (?:fini|terminé|du passé|de l'histoire ancienne)(?:[\s.,!;].*)?$`),
			regexp.MustCompile(`(?i)^(?:ce|ça|cela) n'est plus (?:le cas|vrai|valable|d'actualité|nécessaire) (?:pour|avec|concernant|sur|côté) (?P<t>.+)$`),
			regexp.MustCompile(`(?i)^(?:pour )?(?P<t>.+?),? (?:ce|ça|cela) n'est plus (?:le cas|vrai|valable|d'actualité|nécessaire)(?:[\s.,!;].*)?$`),
			// "on arrête les pré-releases GitHub".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais |: ))?(?:on arrête|nous arrêtons|j'arrête) (?:les |le |la |l')(?P<t>[^,;:]+?)(?:[,;:.!]|$).*$`),
			// "donc on supprime le hack de la ligne C".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais | donc ))?(?:on supprime|on enlève|on retire|nous supprimons) (?:les |le |la |l')(?P<t>[^,;:]+?)(?:[,;:.!]|$).*$`),
			// "…, donc plus de ligne Sébastien sur les bons": no more of
			// a thing (not "plus de 5", more than five).
			regexp.MustCompile(`(?i)^(?:.+,\s*)?(?:donc |alors |et |du coup |mais )?plus (?:de |d')(?P<t>\pL[^,;.!?]{2,60}?)(?:\s+(?:sur|dans|pour|chez) (?:les |la |le |l'|des |nos |notre )[^,;.!?]{2,30}?)?\s*(?:[,;.!?]|$)`),
			// "les devis n'expirent plus": what no longer holds.
			regexp.MustCompile(`(?i)^(?:et |mais |bon,? |alors,? |du coup,? )*(?:les |le |la |l'|nos |notre )(?P<t>[^,;?:]{2,40}? (?:n'|ne )\pL{3,} plus)(?:[,;.!]|\s+(?:et|car|donc)\b|$)`),
			// A person no longer doing a duty: "Tom ne déploie plus".
			regexp.MustCompile(`^(?:.+(?:, | et | mais ))?(?P<tp>` + nameRe + `) (?i:ne|n') ?(?P<v>\pL+) (?i:plus)(?:[^\pL].*)?$`),
			// "le bonnet on s'en fiche maintenant": no longer cared about.
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l')(?P<t>[^,]{2,30}?),? on s'en (?:fiche|fout|moque)(?:[^\pL\pN]|$)`),
			// A supplier gone out of business: "MétéoPlus a fait faillite".
			regexp.MustCompile(`(?i)^(?:.+(?:, | et | mais ))?(?:le |la |les |l')?(?P<t>[^,]{2,40}?) (?:a fait faillite|est en faillite|a mis la clé sous la porte|a fermé boutique)(?:[^\pL].*)?$`),
		},
		ended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:maintenant que |comme |puisque )?(?:le |la |les |l'|notre )?(?P<t>[^,]+?) (?:est|sont|a été|ont été) (?:enfin |maintenant |officiellement |déjà )?(?:terminée?s?|finie?s?|levée?s?|achevée?s?|abrogée?s?)(?:[^\pL\pN].*)?$`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`(?i)^(?:bonne nouvelle,? |et |maintenant que |comme )*(?:le |la |les |l'|notre )?(?P<t>[^,]{2,40}?) (?:est|sont|a été|ont été) (?:enfin |de nouveau |à nouveau )*(?:réparée?s?|remise? en service|de retour en stock|revenue? du garage|de retour du garage)(?:[^\pL\pN]|$)`),
			// "La salle des fêtes a rouvert la semaine dernière": open again.
			regexp.MustCompile(`(?i)^(?:bonne nouvelle,? |et |maintenant que |comme )*(?:le |la |les |l'|notre )?(?P<t>[^,]{2,40}?) (?:a|ont) (?:enfin |de nouveau |à nouveau )?(?:rouvert|réouvert)(?:[^\pL\pN]|$)`),
			// "Orange a corrigé son réseau": who fixed their own fault.
			regexp.MustCompile(`(?i)^(?:ah,? |et |bon,? |bonne nouvelle,? )*(?:ah et )?(?P<t>[^,]{2,40}?) a (?:enfin |finalement )?(?:corrigé|réparé|résolu) (?:son |sa |ses |leur |leurs )`),
			regexp.MustCompile(`(?i)^(?:bonne nouvelle,? |et )*(?:le |la |les |l'|notre )?(?P<t>[^,]{2,40}?) (?:remarchent?|refonctionnent?|(?:re)?fonctionnent? (?:à nouveau|de nouveau))(?:[^\pL\pN]|$)`),
		},
		forget: regexp.MustCompile(`(?i)^(?:s'il te plaît,? )?oublie (?:ce que (?:je t'ai|j'ai) dit (?:sur|à propos d[eu']|au sujet d[eu']) ?|tout (?:sur|à propos d[eu']) ?|que )(?P<t>.+)$`),
		// "le seuil c'est 25 °C, pas 28": a value said with the one it
		// corrects.
		corrects: regexp.MustCompile(`(?i)[\p{L}\p{N}%°]\s*(?:maintenant)?,\s+(?:et\s+)?pas\s+(?P<prep>(?:en|à|au|le) )?(?:le |la |les |l'|du |de la |de )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?:\s?(?:\d[\w.]*|%|°\w?|[a-z]{1,3}))?)\s*(?:[,.;!]|$)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`(?i)\bde (?P<old>(?-i:(?:\p{Lu}[\pL.-]*\s){0,3})[\w.:/@#+-]+(?: \d[\w.]*)?) (?:à|vers) \S+`),
			// "not X, but Y": a correction names what it was not.
			regexp.MustCompile(`(?i)\b(?:n'est|ne sont|n'était|ne va|ne vont|ne tourne|ne tournent) pas (?:en |sur |avec |sous |le |la |les |du |de la )?(?P<old>[\p{L}\p{N}.:/@#+_-]+(?: \d[\w.]*)?)(?:,? mais\b|, (?:c'est|c'était|ce sont)\b|,?$)`),
			// "à" opens no ASCII word, so \b cannot stand before it.
			regexp.MustCompile(`(?i)(?:\b(?:au lieu|plus)|(?:^|\s)à la place) d(?:e |u |es |')(?:l'|le |la |les )?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\bremplac(?:e|é|ée|és|ées|ent) ?(?:l'|le |la |les |d')?(?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\b(?:migré|passé|changé|basculé|déménagé)(?: [\p{L}-]+){0,3}? (?:de|depuis) (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
			regexp.MustCompile(`(?i)\bavant c'était (?P<old>[\w.:/@#+-]+(?: \d[\w.]*)?)`),
		},

		determiners: set("le", "la", "les", "l", "un", "une", "notre", "nos", "mon", "ma", "mes", "ton", "ta", "tout", "tous", "toute", "toutes", "au", "fait", "aussi", "et", "maintenant", "actuel", "actuelle", "d'ailleurs", "du", "des", "de", "ouais", "oui", "bon", "alors"),
		pronounSubj: set("nous", "on", "je", "ça", "ce", "c", "cela", "tu", "il", "elle", "ils", "tout", "ici", "c'est"),
		forPrep:     regexp.MustCompile(`(?i)\b(?:pour|comme)\s+(?:le |la |les |l'|notre |nos |tout |tous )?(?P<np>[\p{L}\d\s/.-]{2,40}?)(?:[,.;!]|$| et | mais | parce )`),
		properStop:  set("Je", "Nous", "On", "Le", "La", "Les", "Notre", "Nos", "Toujours", "Jamais", "Demande", "Équipe", "Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Tout", "Tous", "Personne", "CI", "PR", "PRs", "Ça", "C'est"),
	}
}

func chinese() *lexicon {
	return &lexicon{
		departed:     regexp.MustCompile(`^(?P<t>[^我你咱\P{Han}][\p{Han}]{1,2}?|` + nameRe + `)\s*(?:已经|现在|上个月|上周|最近|实习期满|实习结束|合同到期|[一二三四五六七八九十\d]{1,3}月(?:底|初|中|份)?)*(?:调去|调到|转岗|离职|退休了|回学校了?|毕业(?:回[\p{Han}]{1,4})?了|实习(?:期满|结束)了|辞职了|破产了|倒闭了|关门了|停业了|去了别的|不(?:再)?(?:做|负责|管)(?:这个|这块|这边)?(?:项目|产品|模块)?了|不在(?:我们)?(?:组|团队|这)|休(?:产|育儿)?假|走了|转到|的?合同(?:已经)?(?:[一二三四五六七八九十\d]{1,3}月(?:底|初|中)?|年底|月底|上个?月|这个?月|上周|去年)?(?:就)?(?:到期|结束)|(?:下个?月|下周|月底|年底)?(?:就)?(?:要)?(?:去|调|转)[\p{Han}A-Za-z]{1,10}?(?:局|部|组|团队|公司|部门|项目组|事业部|中心|那边)了?)`),
		returned:     regexp.MustCompile(`^(?:另外|还有|然后|对了|而且|好消息[：:，,]?)?[，,]?(?P<t>[\p{Han}]{2,3}?|` + nameRe + `)(?:已经|现在|上周|昨天|终于)*(?:回来了|回来上班了|休完假回来了|(?:休完|结束)(?:产|育儿|病)?假了?|回来|复工了)`),
		questionLead: anyRe(`^(?:请问|为什么|为啥|怎么|什么|哪|谁|是不是|能不能|可不可以|有没有|要不要|你知道)`),
		questionAny:  anyRe(`吗[。！]?$`, `呢[。！]?$`, `吗？`, `[？?]$`, `是不是`, `能不能`, `可不可以`, `有没有.*[？?]`, `对不对`, `好不好`),
		hypo:         anyRe(`听说`, `据说`, `怀疑`, `传言`, `传闻`, `假如`, `假设`, `万一`, `也许`, `或许`, `可能`, `大概[^一二三四五六七八九十两百千万0-9]`, `说不定`, `不知道`, `我在想`, `考虑`, `想想`, `能否`, `好奇`, `我觉得`, `我认为`, `我猜`, `有没有可能`, `设想`, `以后也许`, `哪天`, `想法`, `将来`, `以后再说`),
		cond:         anyRe(`如果`, `要是`, `只要`, `每当`, `一旦`, `的话`),
		oneOff:       anyRe(`今天`, `今晚`, `明天`, `现在先`, `暂时`, `先这样`, `这次`, `这一次`, `本次`, `仅此一次`, `就这一次`, `这个PR`, `这个pr`, `这个分支`, `这次提交`, `这周内`, `这周先`, `本周内`, `临时`, `目前先`, `眼下`, `一会儿`, `待会`),
		joke:         anyRe(`哈哈`, `呵呵`, `开玩笑`, `开个玩笑`, `逗你`, `玩笑`, `😂`, `🤣`, `🙃`, `\[笑\]`, `（笑）`, `lol`, `嘿嘿`),
		noNotes:      anyRe(`不要记`, `别记`, `不用记`, `不要写进`, `别写进`, `不要保存`, `别保存`, `别放进笔记`, `不要放进`, `不用记住`, `别记住`, `不要记住`, `私下说`, `这个别记`, `不要备注`, `不要存`, `不用写下来`, `别写下来`, `别写到任何地方`, `哪儿都别写`, `哪里都别写`, `不要写到任何地方`, `别存到任何地方`),
		task:         anyRe(`这个`, `这段`, `这里`, `这些`, `那个`, `修一下`, `修复`, `看看`, `看一下`, `帮我`, `给我`, `解释`, `改一下`, `删掉`, `重命名`, `实现`, `试试`, `继续`, `马上`, `现在(?:帮|给|就|先|马上|去|来|开始|把|可以)`),
		state:        anyRe(`挂了`, `坏了`, `失败了`, `报错`, `很慢`, `卡住`, `卡死`, `崩了`, `崩溃`, `跑不通`, `红了`, `修好了`, `有问题`, `出错了`),
		narrative:    anyRe(`^我(?:刚|刚刚|已经|试了|看了|改了|跑了|想|猜|在看|正在|需要你)`),
		report:       anyRe(`(?:说|写道|发来|转发|回复|提到).{0,12}[：:]\s*$`, `^.{1,20}(?:写道|说|发来|转发|回复)[：:]`, `^(?:发件人|主题|收件人)[：:]`),

		fillerLead:   anyRe(`^(?:第[一二三四][，,、：:]|首先|其次|最后[，,、：:]|你好|您好|大家好|好的|好|嗯|对了|另外|还有|顺便说一下|顺便说|顺便|哦|噢|啊|那个|其实|补充一下|补充|然后|对|是的|谢谢|ok|OK|btw|提醒一下|更新一下|更正|纠正一下|重要|注意)[，,：:、。！ ]*`),
		rememberLead: anyRe(`^(?:请)?(?:记住|记一下|记下|记得|备注|备忘|帮我记一下|你记一下)[，,：:、 ]*(?:一下)?[，,：:、 ]*`),
		rememberTail: anyRe(`[，,。；;！!\s]*(?:请)?(?:记住(?:这个|这点|了)?|记一下|记下来|备注一下)[。！!]*$`),

		intro:     anyRe(`^(?:我是|我叫|我的名字是|我负责|我接手了|我接手|我主要负责|我来自|我刚加入|我管)`, `^我在.{1,20}(?:团队|组|部门)`),
		team:      anyRe(`(?:负责|审批|批准|审核|签字|拍板|说了算|维护|把关|对接)`, `归[\p{Han}A-Za-z]{1,8}(?:[（(][^）)]{1,20}[）)])?(?:管|负责)`, `^(?:找|问|联系)[\p{Han}A-Za-z]{1,12}`, `找[\p{Han}]{2,3}(?:[，,。！]|$)`, `(?:负责人|owner|对接人|审批人)是`, `需要.{1,8}(?:批准|审批|同意|签字|review|点头)`, `(?:频道|群)里?(?:问|提|找|说)`),
		decision:  anyRe(`^(?:我们)?(?:已经)?(?:决定|定了|选定|商量好|达成一致)`, `我们决定`, `最终(?:选|决定)`, `决定用`),
		pref:      anyRe(`^我(?:更|比较|一直)?(?:喜欢|偏好|倾向于|希望|讨厌|不喜欢|习惯)`, `(?:一点|一些|点)就(?:好|行)[。！]?$`, `比较好[。！]?$`),
		durable:   anyRe(`的时候`, `保持`, `每天`, `每晚`, `每周`, `每月`, `总是`, `一直`, `始终`, `永远`, `每次`, `每个`, `所有`, `全部`, `一律`, `统一`, `以后`, `今后`, `从现在开始`, `往后`, `默认`, `规定`, `规范`, `约定`, `惯例`, `只用`, `只能`, `我们的`, `我们用`, `我们都`, `都要`, `都用`, `凡是`, `任何`, `一定`, `从不`, `绝不`),
		modal:     anyRe(`必须`, `应该`, `不能`, `不允许`, `不得`, `禁止`, `不准`, `务必`, `一定要`, `千万别`, `千万不要`, `不要`, `别`, `需要`, `得`, `用[^，,。]{1,10}(?:写|来写|编写|命名|表示)[。！]?$`),
		imperLead: anyRe(`^(?:请|别|不要|一定|务必|千万|永远|总是|每次|所有|统一|都|用|使用|记得|始终|提交|部署|运行|先|记住)`),
		factVerb:  anyRe(`改到`, `改成`, `换成`, `改用`, `搬到`, `迁到`, `换到`, `定在`, `定为`, `是`, `在`, `用`, `使用`, `跑在`, `部署在`, `运行在`, `放在`, `存在`, `托管在`, `位于`, `采用`, `基于`, `叫`, `指向`, `=`, `为`, `由`, `保存`, `保留`, `要保存`, `要保留`, `需要保存`, `需要保留`, `提高到`, `提到(?:每|\d)`, `涨到`, `降到`, `上调到`, `下调到`, `调整为`, `调整到`),
		strong:    anyRe(`改到`, `改成`, `换成`, `定在`, `定为`, `跑在`, `部署在`, `运行在`, `放在`, `存在`, `存放在`, `托管在`, `位于`, `采用`, `基于`, `用的是`, `使用的是`, `走`, `在`),
		we:        anyRe(`^(?:我们|咱们|我们团队|团队)(?:用|使用|采用|都|部署|托管|跑|的|一律|统一)`, `^(?:所有|全部|每个|任何)`),

		update:    regexp.MustCompile(`^(?:我们)?(?:已经)?把(?P<np>[^，,。从]{1,12}?)从|把(?P<np3>[^，,。从]{1,12}?)(?:升到|升级到|换成|改成|迁到|迁移到|切到|切换到)|(?:^|[，,：:])(?P<np2>[^，,。：:从]{2,24}?)(?:已经|现在)?(?:从[^，,。]{1,20}?)?(?:改了|变了|换了|调整了|更新了|改成了?|改为|改到|升级到|升到|换成|迁到|迁移到|转成|转为|切到|切换到|全面换成|又改回|改回|换回|切回|退回到|放宽到|收紧到|延长到|缩短到|提高到|提到\s?\d[\d.]*\s?(?:[A-Za-z%]|秒|分钟|小时|天|周|倍|元|块|度|℃|米|公里|毫秒|兆|人)|改名成|改名为|重命名为|降到|降低到|增加到|减少到|调到|调成|调为|涨到|涨价到|上调到|下调到|推迟到|延后到|延期到|提前到|挪到|改\s?\d)`),
		strongCue: anyRe(`总是`, `永远`, `每次`, `一律`, `始终`, `从不`, `绝不`, `以后都`, `今后`, `从现在开始`, `千万不要`, `务必`),
		retract: []*regexp.Regexp{
			// Allowed now: "seaborn 现在可以用了" lifts the rule against it.
			regexp.MustCompile(`^(?:对了|另外|还有)?[，,]?(?P<t>[A-Za-z][\w.+-]*(?: [A-Za-z][\w.+-]*)?)\s*(?:现在|又|也)?(?:可以|能)(?:用|使用)了`),
			// Shut or archived: "#kb-deploys 频道已经归档了".
			regexp.MustCompile(`^(?:对了|另外|还有)?[，,]?(?P<t>[^，,。]{2,24}?)\s*(?:频道|群|仓库|服务器|机器|账号)?(?:已经|已|也|都)(?:归档|下线|关停|停用|关掉|关闭)了`),
			// "他们不要纸质的了": what someone no longer wants.
			regexp.MustCompile(`(?:^|[，,。])(?:他们|她|他|客户|对方)?(?:已经)?不(?:再)?要(?P<t>[^，,。]{1,12}?)了(?:[，,。！]|$)`),
			// Required no more.
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。]{2,20}?)(?:不再是|不再|改成|变成)(?:必须|强制|必需|自愿|可选)`),
			// "维保工单关单不再要求双人签字": what is no longer required, and of what.
			regexp.MustCompile(`^(?:.+[：:，,])?(?P<t>[^，,。：:]{2,20}?)(?:不再要求|不再需要|不需要再|不用再要求)(?P<v>[^，,。]{2,12})`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`^(?P<t>[^，,；;]{2,30}?)(?:已经|现在)?(?:废弃|弃用|被弃用|淘汰)了?[。!！]?$`),
			// 不再: "测试环境不再每晚重置了": what no longer happens.
			regexp.MustCompile(`^(?:对了|另外|还有|然后)?[，,]?(?P<t>[^，,。不]{2,20}?不再[^，,。]{2,16}?)了(?:[，,。!！]|$)`),
			// 更正: "上次说锁超时是5秒，是我记错了", "之前写的 X 写错了".
			regexp.MustCompile(`^(?:不好意思|抱歉|对不起)?[，,]?(?:我)?(?:上次|之前|刚才)(?:说|写|讲)(?:的)?(?P<t>[^，,。]{1,24}?)(?:[，,])?(?:是我|我)?(?:记错|写错|说错|搞错)了`),
			// 回指: "PR 贴图那条不用了", "之前说的 X 不算了".
			regexp.MustCompile(`^(?:之前|上次|以前)?(?:说的|讲的|提的)?(?P<t>[^，,。]{1,16}?)那(?:条|个)(?:规定|规矩|规则|要求)?也?(?:不用了|取消了|取消吧|作废了|不算了|不要了|算了|可以忽略|忽略吧)`),
			// "那条手动备注的要求算了": the rule named after 那条.
			regexp.MustCompile(`^(?:所以|那|还有|另外|对了)?[，,]?那(?:条|个)(?P<t>[^，,。]{2,16}?)(?:的)?(?:要求|规定|规矩|规则)也?(?:算了|不要了|取消了|不用了|作废了|不算了)`),
			// 不看了: "top-5 不看了，删掉": what is no longer looked at,
			// run or kept.
			regexp.MustCompile(`^(?:对了|另外|还有|然后)?[，,]?(?P<t>[^，,。不]{2,20}?)\s*(?:就|也|都)?不(?:再)?(?:看|跑|测|算|记|发|管|留|做|用|要)了(?:[，,。!！]|$)`),
			// 可以删了: "traefik 可以删了，所有服务都迁到 HTTPRoute 了".
			regexp.MustCompile(`^(?:对了|另外|还有|然后)?[，,]?(?P<t>[^，,。]{2,24}?)(?:现在|已经)?(?:可以|能)(?:删|删掉|删除|拿掉|去掉|下掉|撤掉|停掉|关掉|下线)了`),
			// 下线了: "mm-build-07 已经下线了".
			regexp.MustCompile(`^(?P<t>[^，,。]+?)(?:已经|已|都|也)?(?:下线|停用|停掉|关掉|废弃|关停|撤掉|撤了|去掉|退役|砍掉|拆了|拆掉|不存在|删掉|不续费|不续订|不续约|不再续费)了?(?:[，,。].*)?$`),
			// "绿豆汤那行提示也删了吧": a line named, out with it.
			regexp.MustCompile(`^(?:还有|另外|对了|然后)?[，,]?(?P<t>[^，,。]+?)(?:那行|那句|那条|那个|这行|这句)?(?:提示|文字|说明)?(?:也|都|就)?(?:删了|删掉|删除|去掉)吧`),
			// "那个节假日表和自动退款都不要了": what was built for a rule
			// no longer wanted, all of it.
			regexp.MustCompile(`^(?:所以|那|还有|另外|对了)?[，,]?(?:那个|那些)?(?P<t>[^，,。]{2,24}?)(?:都|也)(?:不要了|不用了|取消了|删了吧|去掉吧)`),
			regexp.MustCompile(`^(?P<t>.+?)(?:又|重新)(?:可以|允许)了`),
			// 恢复正常: "metadata 可以正常往 staging apply 了".
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。]+?(?:可以|又能)(?:正常|照常|重新|继续)[^，,。]*?)了?[。.]?$`),
			regexp.MustCompile(`^(?:请)?(?:忘掉|忘了|删掉|删除|取消|废除|作废|去掉|撤销|不要再用)(?:那条|这条|关于)?(?P<t>.+?)(?:的)?(?:规则|规定|约定|要求|规矩|那条)(?:吧|了)?[。！!]*$`),
			regexp.MustCompile(`^(?:那条|这条)?(?P<t>.+?)(?:的规则|这条规则|的规定|的要求|那条规矩|这条规矩|的规矩)?(?:不再适用|不适用了|作废了|取消了|废除了|已经不适用|不算了|不用了)(?:了)?[。！!]*$`),
			// "之前说的部署前手动备份那个，忘了吧": what was said before, pointed
			// back at, then dropped.
			regexp.MustCompile(`^(?:之前|以前|上次|原来)?(?:说的|讲的|提的|定的)?(?P<t>[^，,。]{2,40}?)(?:那个|那条|这个|那件事)[，,]\s*(?:就)?(?:忘了吧|忘掉吧|忘了|算了|不用了|不要了|取消吧|作废吧|作废了)(?:[，,。].*)?$`),
			regexp.MustCompile(`^(?:我们)?(?:已经)?不再(?P<t>.+)$`),
			regexp.MustCompile(`^(?:别再|不要再|不用再)(?P<t>(?:问|找|用|麻烦|叫|抄送|cc).+)$`),
			regexp.MustCompile(`^(?:以后|今后|现在)?(?:都)?(?:不用再|不需要再|不必再|无需再)(?P<t>[^，,。]{2,30}?)了?[。！!]*$`),
			regexp.MustCompile(`^(?:以后|今后|现在)?(?:都)?(?:不用|不需要|不必|无需)(?P<t>[^，,。]{2,30}?)了[。！!]*$`),
			regexp.MustCompile(`^(?:以后|今后|现在)?[^，,。]{0,12}?(?:不用|不需要|不必|别|不要)再?(?P<t>(?:找|问|麻烦|抄送|叫)[^，,。]{1,12}?)了[。！!]*$`),
			// "周三不用再避开了": what is no longer needed, and of what.
			regexp.MustCompile(`^(?P<lead>[^，,。]{1,12}?)(?:不用再|不需要再|不必再|无需再|别再|不要再)(?P<t>[^，,。]{2,30}?)了?$`),
			// "周报那个不用发了", "改动不用每次都截图给她确认了": no need
			// to do it any more.
			regexp.MustCompile(`^(?:还有|另外|对了|她说|他说)?(?P<t>[^，,。]+?)(?:以后|今后)?(?:那个|这个)?不用(?:再)?(?:每次都)?(?P<v>[^，,。]{0,12})了(?:[，,。].*)?$`),
			// "工单号那个标签没人看，去掉吧": a thing named, why, and out
			// with it.
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。]{1,12}?(?:那个|这个)[^，,。没不太很也都]{1,6})[^，,。]{0,8}(?:[，,][^，,。]{1,12}?)?[，,](?:就|都)?(?:去掉|删掉|拿掉|撤掉)吧`),
			// "延误提醒那个规矩先停掉吧": a rule named, stopped for now.
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。]{2,16}?)(?:那个|这个|那条|这条)?(?:规矩|规则|规定|要求)?(?:先|就|也)?(?:停掉|停了|关掉|取消|撤掉|去掉)吧`),
			// "'不能上传境外云'这条撤销了": a rule quoted, then dropped.
			regexp.MustCompile(`^(?:.+[，,]\s*)?['‘“「](?P<t>[^'’”」]{2,30})['’”」]\s*(?:这条|那条|这个|那个)?(?:规矩|规定|要求|规则)?(?:也|都)?(?:撤销|取消|作废|废除|不算|不用|不要)了`),
			// "Wordfence 全部卸掉吧": uninstalled everywhere.
			regexp.MustCompile(`^(?P<t>[^，,。]+?)(?:全部|都)?(?:卸掉|卸载)(?:吧|了)(?:[，,。].*)?$`),
		},
		ended: []*regexp.Regexp{
			regexp.MustCompile(`^(?:现在)?(?P<t>[^，,。]{2,16}?)(?:那个|这个)?(?:已经|早就|早已|终于|刚刚?|都|也)?(?:通过了|过去了|过了|结束了|完成了|解除了|搞定了|批下来了|过期了|失效了)(?:[，,。!！].*)?$`),
		},
		reopened: []*regexp.Regexp{
			// "机场订单现在也要算溢价了": what was left out is in now too.
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。也]{2,12}?)(?:现在|以后|今后)也(?:要|得|需要)`),
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。]{2,20}?)(?:也)?(?:重新|又可以|又能|恢复)(?:入库|开放|上线|使用|预约|接单|打开|开启|启用)`),
			// "报告里可以显示牧户名字了": what may be shown now.
			regexp.MustCompile(`^(?:.+[，,])?[^，,。]{0,12}?(?:现在|以后)?(?:也)?可以(?:显示|写上|写|放|加上|带上|出现)(?P<t>[^，,。]{2,12}?)了`),
			// "那个暂停的牧场恢复了": what was paused resumed.
			regexp.MustCompile(`^(?:.+[，,])?(?:那个|这个)?(?:暂停的|停掉的|关掉的|停了的)(?P<t>[^，,。]{2,10}?)(?:已经|又)?恢复了`),
			// "周五下午也可以部署": what was barred may be done too.
			regexp.MustCompile(`^(?:.+[，,])?(?P<t>[^，,。也]{2,12}?)(?:也|又)可以`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`^(?:现在)?(?P<t>[^，,。我你他她]{1,16}?)(?:已经|终于|总算|刚刚?|都|也)?(?:修好了|弄好了|弄完了|换好了|装好了|装修完了|到货了|又能用了|能用了|恢复正常了)(?:[，,。!！].*)?$`),
		},
		forget: regexp.MustCompile(`^(?:请)?(?:忘掉|忘记)(?:我说的|关于)?(?P<t>.+?)(?:的事)?(?:吧)?[。！!]*$`),
		// "阈值是 25 度，不是 28": a value said with the one it corrects.
		corrects: regexp.MustCompile(`[\p{N}\p{L}]\s*[，,]\s*(?:而)?不是\s*(?P<old>[^，,。；;了\s]{1,12})\s*(?:[，,。；;]|$)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`从(?P<old>[^，,。；;从]+?)(?:换成|改成|迁移到|迁到|切到|切换到|转到|搬到|升级到|换到)`),
			regexp.MustCompile(`(?:不再用|而不是|代替|取代|以前是|原来是|之前是|不用)\s*(?P<old>[A-Za-z0-9.:/@#+_-]+)`),
			// "我们已经离开 Heroku 了": what was left.
			regexp.MustCompile(`(?:离开|撤出|搬离|弃用|停用)(?:了)?\s*(?P<old>[A-Za-z][A-Za-z0-9.:/@#+_-]*)`),
			regexp.MustCompile(`(?:别再|不要再|不再)(?:按|用|使用|走)\s*(?P<old>[A-Za-z0-9.:/@#+_-]+)`),
			regexp.MustCompile(`(?:不是|不再是)(?P<old>[^，,。；;了]{1,8}?)了`),
			// "改用顺丰国际寄，DHL 太贵了": what was left, and why.
			regexp.MustCompile(`(?:^|[，,；;]\s*)(?P<old>[A-Za-z][A-Za-z0-9.+_-]*(?: [A-Za-z][A-Za-z0-9.+_-]*)?)\s*(?:太贵|太慢|太晚|太早|太麻烦|太难用|不好用|不靠谱)了`),
		},
		determiners: set("我们的", "我们", "咱们", "咱们的", "我的", "这个", "那个", "所有", "全部", "现在", "目前"),
		pronounSubj: set("我们", "我", "你", "这", "那", "它", "他", "她", "咱们", "大家"),
	}
}

func japanese() *lexicon {
	return &lexicon{
		// Who left, by name and honorific, or named by the duty
		// ("夜間同期の担当者が4月で索道部に異動した").
		departed:     regexp.MustCompile(`^(?:[^、。はがをに]{1,16}は)?(?P<t>[\p{Han}\p{Katakana}]{1,6}|` + nameRe + `) ?(?:さん|くん|君|ちゃん|先生|の方)(?:は|が)?(?:[^、。]{1,12}?(?:て|で)、?)?(?:先月|先週|もう|今月|昨年|去年|\d{1,2}月(?:から|末)?|来月から|今月から)?(?:末)?(?:で|に)?(?:別の(?:チーム|部署)|異動|[^、。]{1,15}?(?:に|へ)(?:異動|移り|移っ|移動|転籍|転職)|退職|辞め|休職|産休|育休|修了|卒業|契約(?:が|は)?(?:終了|満了|切れ)|いなくな|抜け|[^、。]{0,12}?担当(?:ではない|じゃない|ではありません|から外れ|を外れ))|^(?P<t4>[^、。はがを]{2,16}?の(?:担当者|担当の方|責任者))(?:は|が)[^、。]{0,16}?(?:異動|退職|辞め|休職|いなくな)`),
		returned:     regexp.MustCompile(`^(?:[^、。はがをに]{1,16}は)?(?P<t>[\p{Han}\p{Katakana}]{1,6}|` + nameRe + `) ?さん(?:は|が)?(?:先週|今週|今月|昨日|無事)?(?:[^、。]{1,10}?から)?(?:戻って|戻り|復帰)`),
		questionLead: anyRe(`^(?:なぜ|なんで|どうして|どこ|どれ|どの|誰|だれ|いつ|何|なに)`),
		questionAny:  anyRe(`か[。？?]?$`, `ですか`, `ますか`, `でしょうか`, `かな[。？?]?$`, `[？?]$`, `の[？?]$`),
		hypo:         anyRe(`らしい`, `噂`, `もし`, `もしも`, `将来`, `先の話`, `仮に`, `かもしれ`, `かも`, `はず`, `たぶん`, `多分`, `おそらく`, `だろう`, `でしょう`, `と思う`, `と思います`, `と考え`, `検討`, `かなと`, `どうかな`, `いつか`, `アイデア`, `案として`, `話も出た`, `話が出た`, `話も出ています`, `という話もある`),
		cond:         anyRe(`たら`, `れば`, `なら`, `場合`, `ときは`, `時は`),
		oneOff:       anyRe(`今日`, `今夜`, `明日`, `今だけ`, `今回`, `とりあえず`, `一旦`, `いったん`, `一時的`, `暫定`, `当面`, `このPR`, `このブランチ`, `今週`, `さっき`, `しばらく`),
		joke:         anyRe(`（笑）`, `\(笑\)`, `笑$`, `ｗｗ`, `ww`, `冗談`, `じょうだん`, `なんてね`, `ネタです`, `😂`, `🤣`, `🙃`),
		noNotes:      anyRe(`メモしないで`, `メモしなくて`, `覚えなくて`, `覚えておかなくて`, `覚えておかなくていい`, `記録しなくて`, `覚えないで`, `記録しないで`, `保存しないで`, `ノートに入れないで`, `オフレコ`, `ここだけの話`, `書かないで`, `記憶しないで`, `メモ不要`, `メモには残さないで`, `どこにも(?:書かないで|残さないで|保存しないで|メモしないで)`, `記録に残さないで`),
		task:         anyRe(`これ`, `この`, `それ`, `その`, `ここ`, `まず`, `直して`, `修正して`, `見て`, `確認して`, `調べて`, `教えて`, `説明して`, `消して`, `作って`, `実装して`, `試して`, `続けて`, `やって`, `切り替えて`, `追加して`, `付け替えて`),
		state:        anyRe(`落ちて`, `壊れて`, `失敗して`, `遅い`, `エラーが出`, `動かない`, `止まって`, `詰まって`, `直った`, `終わった`, `通らない`),
		narrative:    anyRe(`^(?:さっき|今|いま|私は今).{0,10}(?:して|した|しました|見て|試し)`, `気がします`, `と思います$`, `と思う$`),
		report:       anyRe(`(?:言って|書いて|送って|言われ|来て).{0,12}[：:]\s*$`, `^.{1,20}(?:から|さんから)(?:の)?(?:メッセージ|メール|連絡)[：:]`, `^.{1,20}(?:が書いた|が言った|曰く)[：:]`, `^(?:件名|差出人|宛先)[：:]`),

		fillerLead:   anyRe(`^(?:まず|次に|最後に|はじめまして|初めまして|お疲れ様です|お疲れさまです|こんにちは|よろしくお願いします|あと|それから|それと|ちなみに|ところで|えっと|あの|そういえば|了解です|了解|ありがとうございます|ありがとう|はい|うん|そうそう|実は|補足ですが|補足|ついでに|念のため|一応|参考まで|参考までに|なお|注意|重要|追加で|訂正|更新)[、,：:。！ ]*`),
		rememberLead: anyRe(`^(?:覚えておいて(?:ください)?|覚えといて|メモして(?:おいて)?(?:ください)?)[：:、,。 ]*`),
		rememberTail: anyRe(`(?:って|ということを|ことを|のを|を|と)?(?:覚えておいて(?:ください)?|覚えといて|メモして(?:おいて)?(?:ください)?|記録して(?:おいて)?(?:ください)?|忘れないで(?:ください)?)[。！!]*$`),

		intro:    anyRe(`担当の[\p{Han}\p{Katakana}]{1,6}です`, `^(?:(?:こんにちは|こんばんは|おはようございます|お疲れ様です|お疲れさまです|はじめまして)[、。！!]?\s*)?[^、。，,はがにをで]{0,24}(?:チーム|部|課|グループ|班|室|社|開発|担当|所属|インフラ|フロント|バックエンド)の[\p{Han}\p{Katakana}]{1,6}です[。]?$`, `^(?:私|僕|俺|わたし|ぼく)(?:は|が).{1,30}(?:です|と申します|といいます|担当|やってます|しています)`, `と申します`, `といいます。`, `^[\p{Han}\p{Katakana}A-Za-z]{1,10}です[。、,].{0,40}(?:担当|引き継|リード|エンジニア|マネージャ|チーム)`, `を引き継ぎ`, `を引き継い`, `に(?:入りました|参加しました|加わりました)`),
		team:     anyRe(`(?:さん|くん|氏|チーム)(?:が|は).{0,30}(?:担当|管理|承認|レビュー|見て|決め|責任|オーナー|窓口|面倒を見)`, `(?:さん|くん|チーム)に(?:聞いて|聞く|確認|相談|聞いてください|聞けば|お願い|頼んで|頼む|任せて|任せる|見てもらって|見てもらう|レビューしてもらって)`, `(?:承認|レビュー|許可|サインオフ|決裁)は.{1,12}(?:さん|チーム|が)`, `(?:さん|チーム)の(?:承認|許可|レビュー|OK|ＯＫ)が(?:必要|いる|要る)`, `^(?:担当|オーナー|窓口|責任者)は`),
		decision: anyRe(`(?:に|と)決めました`, `決定しました`, `決まりました`, `にしました`, `OKになりました`, `可になりました`, `大丈夫になりました`, `に決定`, `採用しました`, `で行きます`, `でいきます`, `ことにしました`, `で合意`, `方針です`),
		pref:     anyRe(`でお願いします`, `が助かります`, `と助かります`, `と助かる`, `がありがたい`, `にしてください`, `好きです`, `が好き`, `好みです`, `派です`, `のほうがいい`, `の方がいい`, `のほうが好き`, `の方が好き`, `がいいです`, `が好み`, `嫌いです`, `苦手です`, `にしてほしい`, `してほしい`, `ないでほしい`, `のほうが(?:読みやすい|分かりやすい|わかりやすい|助かります|助かる|楽です)`, `の方が(?:読みやすい|分かりやすい|わかりやすい|助かります|助かる|楽です)`),
		durable:  anyRe(`必ず`, `常に`, `いつも`, `絶対`, `毎回`, `すべて`, `全て`, `全部`, `一律`, `基本的に`, `デフォルト`, `今後`, `これから`, `以後`, `原則`, `ルール`, `規約`, `決まり`, `慣例`, `だけ`, `のみ`, `うちの`, `うちでは`, `うちは`, `私たちの`, `弊社`, `このリポジトリ`, `チームでは`, `どんな`, `決して`),
		modal:    anyRe(`なければならない`, `なきゃ`, `ないといけない`, `必要があ`, `必要です`, `べき`, `こと[。！]?$`, `ことになって`, `禁止`, `してはいけない`, `しちゃだめ`, `しないで`, `しないこと`, `ないように`, `ようにして`, `必須`, `NG`, `厳禁`, `不可`, `使って`, `通して`, `経由`),
		factVerb: anyRe(`は`, `が`),
		strong:   anyRe(`で作って(?:る|いる|います)`, `で書いて(?:る|いる|います)`, `で開発して`, `で動いて`, `で動かして`, `にデプロイ`, `にホスト`, `に置いて`, `に置か`, `で管理`, `を使って`, `を使用`, `で運用`, `に保存`, `で書かれて`, `で構築`, `にあります`, `にある`, `に入って`, `です`, `である`, `だ。`, `経由`),
		we:       anyRe(`^(?:うちは|うちでは|私たちは|弊社では|チームでは|うちの|我々は|すべての|全ての|全部の)`),

		update:    regexp.MustCompile(`^[^、。]{1,30}?から[^、。]{1,30}?に(?:移行し|移り|移っ|引っ越し|乗り換え|切り替え)(?:ました|た)|^(?P<np4>[^、,。はがを]{1,20}?)(?:も|が|は)変わって、[^。]{0,30}?(?:\d|[A-Za-z]|[月火水木金土日]曜)|(?:^|、)(?:やっぱり|やはり|結局)[^、。]{0,20}?\d[^、。]{0,10}?(?:にします|にしました|で行きます|でいきます|にすることにしました)|^(?P<np>[^、,。はがを]{1,16}?)(?:を|は)[^、,。]{1,30}?から[^、,。]{1,30}?に(?:移行|変更|移し|切り替え|乗り換え|変え|上げ|アップグレード)|^(?P<np2>[^、,。はがを]{1,20}?)(?:は|が|を|、)[^。]{0,30}?に(?:変わりました|変わった|変更しました|変更された|変更になりました|なりました|上げました|下げました|増やしました|減らしました|移りました|移行しました|切り替えました|引き上げました|引き下げました|載せ替えました|入れ替えました|置き換えました|変えました|変更しました|載せ替えた|入れ替えた|置き換えた|切り替えた|変えた|上げた|移行した|変更した|戻しました|戻りました|戻した|戻った|交代しました|交代した|代わりました|引っ越しました|引っ越した|減らします|増やします|上げます|下げます|変更します|変えます|引き上げます|引き下げます|延長です|短縮です|延長しました|短縮しました|延長になりました|短縮になりました|延長します|短縮します)|(?:^|\s)(?P<np3>[A-Za-z.][\w.+-]*(?: [A-Z][\w.+-]*)?)\s*v?\d[\w.]*(?:\s*[（(][^）)]{1,30}[）)])?\s*(?:ベース|系)?(?:に|へ)(?:(?:上げ|アップグレードし|移行し|更新し|切り替え|載せ替え|乗り換え|置き換え|バージョンアップし)(?:ました|た)|上がりました|上がった)`),
		strongCue: anyRe(`必ず`, `常に`, `いつも`, `絶対`, `毎回`, `今後`, `決して`, `例外なく`),
		retract: []*regexp.Regexp{
			// 解除: "product gallery の凍結は解除です" lifts the freeze on it.
			regexp.MustCompile(`(?:^|[、。])(?P<t>[^、。]{2,30}?)の(?:凍結|禁止|制限|縛り|ロック)(?:は|を|も)?(?:解除|解禁)`),
			// 解禁: "seaborn はもう使っていい" lifts the rule against it.
			regexp.MustCompile(`(?:^|[、。])(?P<t>[A-Za-z][\w.+-]*(?: [A-Za-z][\w.+-]*)?)\s*(?:は|も)?(?:もう|また)?使って(?:も)?(?:いい|良い|OK|大丈夫)`),
			// "顧客がもう紙は要らないと言っている": 要らなくなったもの。
			regexp.MustCompile(`(?:^|[、，。])(?P<t>[^、，。]{1,16}?)は(?:もう)?(?:要らない|いらない|不要)(?:そう|とのこと|になりました|です)?(?:[、。！]|$)`),
			// Required no more.
			regexp.MustCompile(`^(?:.+[、,])?(?P<t>[^、。]{2,20}?)(?:は|も)?(?:任意|自由)(?:になりました|にします|にしました|でいい|で大丈夫|でOK)`),
			// Deprecated: what it names is no longer to be used.
			regexp.MustCompile(`^(?P<t>[^、,。]{2,30}?)(?:は|が)(?:もう)?(?:非推奨|廃止予定|deprecated)(?:になりました|です|になった)?[。!！]?$`),
			// 訂正: "前回 XR Interaction Toolkit 2.5 と書きましたが、間違いでした".
			regexp.MustCompile(`^(?:すみません、)?(?:また|それと|あと)?、?(?:前回|先日|以前|さっき)(?:は)?(?P<t>[^、。]{1,30}?)と(?:書き|言い|お伝えし|伝え)ました(?:が|けど)?$`),
			// 回答で: "いや、それはもういいです".
			regexp.MustCompile(`^(?:いや、|いいえ、)?(?P<t>[^、。]{1,16}?)(?:は|も)?もう(?:いいです|いい|大丈夫です|結構です|しなくていいです)`),
			// "ナイターは今季はやらないことになりました": a practice not done
			// any more.
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]{2,20}?)(?:は|も)(?:今季|今年|今年度|今後|これから|もう)?(?:は|も)?(?:やらない|実施しない|行わない|開催しない)ことに(?:なりました|なった|しました|した)`),
			// "アーカイブ移動は費用の割に使わないのでやめた": stopped, the
			// reason said between.
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?:[^、。，]{1,10}[、，])?(?P<t>[^、。，]{2,30}?)は[^、。，]{1,24}?(?:ので|から)(?:もう)?(?:やめた|やめました|やめます|やめにしました|なしにしました|当面なし|しばらくなし)`),
			// "… フラグは削除済み": deleted already.
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]{2,30}?)(?:は|も)(?:もう|すでに)?(?:削除済み|廃止済み|撤去済み)`),
			// "リリースを月末に固定するのはやめて、…": a practice stopped.
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]{2,40}?)(?:(?:の|こと)は|も)(?:もう)?(?:やめて|やめます|やめました|やめにしました|なしにしました|なしで)`),
			// "ビルドを毎回 amayadori-dev に上げるのはもういいです".
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]{2,40}?)のは(?:もう)(?:いいです|いい|大丈夫です|結構です|不要です)`),
			// 廃棄: "rig-3 は廃棄されました".
			regexp.MustCompile(`^(?P<t>[^、。]+?)(?:は|が)(?:[^、。]{1,6}?で)?(?:もう|すでに|先週|昨日)?(?:廃棄|廃止|撤去|退役|撤廃|解約)(?:されました|しました|された|した|になりました|済みです|済み|、|。|$)`),
			// "高橋クリニックが閉院したそうです": closed for good.
			regexp.MustCompile(`^(?:[^、。]{1,16}(?:から聞いたんですが|によると)、?)?(?P<t>[^、。]+?)(?:は|が)(?:もう)?(?:閉院|閉店|閉鎖|廃業|閉校)(?:した|しました|された|されました|になった|になりました)`),
			regexp.MustCompile(`^(?P<t>[^、。]+?)(?:は|が)(?:もう)?(?:なくなりました|無くなりました|存在しません)`),
			// 解禁: "main への直接 push は解禁します" lifts the ban on it.
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]{2,30}?)(?:は|も)(?:もう|ついに|やっと|今日から|今後は)?解禁(?:します|しました|です|になりました|で|、|$)`),
			// 外した: "msw はもう外しました", "Sentry はやめました".
			regexp.MustCompile(`^(?:なので|だから|それで|ので|あと|それと)?[、\s]*(?P<t>[^、。（]{1,20}?)(?:は|を|も)(?:もう|すでに|先週|昨日)?(?:[^、。]{1,12}?から)?(?:全部|すべて|全て)?(?:外して(?:[、，]|$)|外しました|外した|外していい|外して大丈夫|外してOK|外してください|解除していい|解除して大丈夫|やめました|やめた|止めました|使わなくなりました|抜きました|削除しました|消しました)`),
			regexp.MustCompile(`^(?P<t>.+?)(?:は)?(?:また|再び)(?:OK|ＯＫ|可能|できる|解禁)`),
			regexp.MustCompile(`^(?:(?P<t>[^、,。]+?)(?:は|も|ですが|については|に関しては|の件(?:は|ですが)?)[、，,]?)?もう(?P<t2>[^、，,。]+?)(?:じゃ|では)?なくて(?:も)?(?:いい|良い|大丈夫|構わない|構いません|OK)`),
			regexp.MustCompile(`^(?P<t>.+?)(?:の)?(?:ルール|決まり|規約|方針|禁止)(?:は|を|、|,)?(?:もう)?(?:なし|廃止|撤回|取り消し|やめ|無効|なくし|忘れて|いいです|いい(?:[。、]|$))`),
			regexp.MustCompile(`^(?P<t>.+?)(?:は|には)?もう(?:適用されません|適用されない|無効|なし|不要|いらない|いりません|要らない|要りません|使いません|使わない|しません|しない|やりません|やらない)`),
			regexp.MustCompile(`^(?P<t>.+?)(?:は|には)?もう.{0,12}?(?:なくていい|なくても(?:いい|大丈夫)|なくて大丈夫|ないでいい)`),
			regexp.MustCompile(`^(?P<t>.+?)(?:さん)?に(?:は)?もう.{0,12}?(?:聞かないで|頼まないで|聞かなくて|確認しなくて|依頼しないで)`),
			regexp.MustCompile(`^もう(?P<t>.+?)(?:しない|しません|使わない|使いません|聞かない|不要|いらない)`),
			// "ストア申請の曜日制限はもうなくなった".
			regexp.MustCompile(`^(?P<t>[^、。]+?)(?:は|が)(?:もう)?(?:なくなった|なくなりました|無くなった|無くなりました|廃止になった|廃止になりました)`),
			// "広告はやめることになりました", "ひらがな縛りももう無しで",
			// "ペットの件は撤回で".
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]+?)(?:は|を|も)(?:もう)?(?:やめることに(?:なりました|しました|なった)|やめました|やめます|やめる(?:[。、]|$)|やめにします|やめよう(?:[。、！]|$)|やめましょう)`),
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]+?)(?:は|も)(?:もう)?(?:無し|なし)(?:で|に|です|になりました)`),
			regexp.MustCompile(`^(?:それと、|あと、|あと)?(?P<t>[^、。]+?)の件は(?:撤回|取り消し|なし)`),
			// "…から、手書きの記録と日曜の入力作業はなし": what is off now.
			regexp.MustCompile(`^(?:[^、。]{1,30}(?:から|ので)、)?(?:あと|それと|それから)?(?P<t>[^、。]{2,30}?)(?:は|も)(?:もう)?(?:なし|無し)(?:で|に|です|。|！|$)`),
		},
		ended: []*regexp.Regexp{
			regexp.MustCompile(`^(?P<t>[^、。]{2,16}?)(?:が|は|も)?(?:もう|無事に?|ようやく|やっと)?(?:終わりました|終わった|終了しました|完了しました|解除されました|明けました|通りました)(?:(?:ので|から).*|[、。!！].*)?$`),
		},
		reopened: []*regexp.Regexp{
			regexp.MustCompile(`^(?:.+[、,])?(?P<t>[^、。]{1,20}?)(?:を|は|も)元に戻して`),
			// "ここからはSimulink Testも使ってOKです": what was not to be used
			// may be now.
			regexp.MustCompile(`^(?:.+[、,。])?(?:(?:ここから|これから|今後|今日から|今月から|来月から)は?)?(?P<t>[^、。はを]{2,20}?)(?:も|を)(?:使|触|入|送|見|出|押|開|いじ)って(?:OK|ＯＫ|いい|良い|大丈夫|構いません)`),
		},
		mended: []*regexp.Regexp{
			regexp.MustCompile(`^(?P<t>[^、。]{1,16}?)(?:が|は)?(?:もう|無事に?|ようやく|やっと)?(?:直った|直りました|直ったので|修理が終わ|復旧し|入荷し|使えるようにな|また使え|(?:修理|点検|車検)から戻って(?:き|く))`),
		},
		forget: regexp.MustCompile(`^(?P<t>.+?)(?:について|のこと)(?:は)?(?:忘れて|忘れてください)`),
		replaces: []*regexp.Regexp{
			regexp.MustCompile(`(?P<old>[^、,。はがを:：]+?)から(?:[^、,。]+?)に(?:移行|変更|移し|移っ|切り替え|乗り換え|変え|変わ|上げ|アップグレード|交代|引っ越)`),
			regexp.MustCompile(`(?P<old>[A-Za-z0-9.:/@#+_-]+)\s*(?:は|を)?\s*(?:やめて|やめました|廃止して|卒業して)`),
			regexp.MustCompile(`(?P<old>[A-Za-z0-9.:/@#+_-]+)(?:ではなく|じゃなくて|の代わりに|はもう使わない)`),
		},
		determiners: set("うちの", "私たちの", "我々の", "この", "その", "今の", "現在の"),
		pronounSubj: set("私", "僕", "俺", "わたし", "うち", "私たち", "我々", "これ", "それ"),
	}
}

// enUpdateMore are English changes said with the value after the verb
// ("we raised the rate limit to 500", "we replaced ArgoCD with Flux") or
// the thing first ("sprint planning moved to Tuesdays", "staging now
// points at db-stg-02").
const enUpdateMore = `|^(?:we|we've|we have|the team)(?: just| recently| finally| now)? (?:moved|migrated|switched|changed|upgraded|bumped|raised|lowered|increased|decreased|reduced|replaced|swapped|renamed|pointed|repointed) (?:the |our )?(?P<np3>[\w\s:.-]{2,40}?) (?:from|to|with|for|off|at)\b` +
	// "nah we nerfed it to 1.75x last week": whatever the verb, a value
	// we set it to.
	`|^(?:(?:nah|no|yeah|yep|ok|okay|so|and|also),? )?(?:we|we've|we have)(?: just| recently| finally| already)? \pL{3,}ed (?:it|that|them|(?:the|our) [\w-]+(?: [\w-]+)?) (?:back |down |up )?to \d` +
	// "Wei swapped Leaflet for MapLibre": a colleague's change.
	`|^(?-i:\p{Lu}\p{Ll}+)(?: just| recently| finally)? (?:moved|migrated|switched|swapped|upgraded|bumped|renamed) (?:the |our )?(?P<npa>[\w\s:.-]{2,40}?) (?:from|to|for|off)\b` +
	// "we used to use Jira, now …", "Sentry replaced Rollbar for error
	// tracking", "Hana handed the mobile lead over to Iker"
	`|^(?:we|i) used to (?:use|run|be on|have|host on) (?P<np5>[\w.-]{2,30})\b.*\bnow\b` +
	`|^[\w.-]+ (?:has )?(?:replaced|took over from|superseded) [\w.-]+ (?:for|as) (?:the |our )?(?P<np6>[\w\s-]{2,40})` +
	`|^[\w-]+ (?:has )?(?:handed|passed) (?:over )?(?:the |her |his |their )?(?P<np7>[\w\s-]{2,40}?) (?:over )?to\b` +
	`|^(?:the |our )?(?P<np4>[\w\s-]{2,40}?) (?:now |has |have |just )?(?:moved|migrated|switched|changed|got moved|was moved|were moved|got bumped|was bumped|was raised|was lowered|was renamed|points?) (?:from|to|over to|at)\b` +
	// "we're moving the OCR to Kraken": a move under way is decided.
	`|^(?:we're|we are|we've been)(?: now| finally| officially)? (?:moving|migrating|switching|porting|raising|bumping|lowering|increasing|reducing|cutting|dropping) (?:the |our |all )?(?P<np1>[\w-]+(?: [\w-]+){0,2}?) (?:to|onto|over to)\b` +
	// "session timeout goes from 30 to 60 minutes": a value said with
	// the one it replaces.
	`|^(?:the |our )?(?P<npb>[\w\s-]{2,40}?) (?:goes|go|went|is going|jumps|jumped|moves|moved) (?:up |down )?from \S+(?: [\w/%-]+)? to \d` +
	// "staging db got replaced with db-stg-2 yesterday"
	`|^(?:the |our )?(?P<np10>[\w\s-]{2,40}?) (?:got|was|were|has been|have been) (?:replaced|swapped (?:out )?) ?(?:with|by|for)\b` +
	// "we repartitioned orders.v2 last night, it's 96 partitions now", "the
	// repo moved out of the old org, it's tarnish-rs/tarnish-cli now"
	`|^(?:we |the team )?(?:\w+ed |got \w+ed )?(?:the |our )?(?P<np8>[\w.\s/-]{2,40}?)(?: [\w\s-]{0,40})?, (?:it's|it is|they're|they are) (?:now )?\S[^,]{0,60}? now[.!]?$` +
	// "one approval is enough now", "two reviewers are plenty these days"
	`|^(?:just |only )?(?P<np9>(?:one|two|three|four|five|a single|\d+) [\w-]+(?: [\w-]+)?) (?:is|are) (?:now |already )?(?:enough|sufficient|plenty|fine)(?: now| these days| from now on)?\b` +
	// "we're back to one approval per PR", "we switched back to webpack":
	// a return to an earlier value is a change like any other.
	`|^(?:we're|we are|we|we've|we have|the team|it's|it is)(?: now| all| finally| just)? (?:back (?:to|on)|(?:gone|went|switched|moved|reverted|rolled) back (?:to|on)|reverted to)\b`

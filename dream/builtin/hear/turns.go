package hear

import (
	"regexp"
	"strings"
)

// typed reports whether the user typed the record (not a hook, an
// extension or a shell command).
func (r Record) typed() bool {
	return r.Role == "user" && (r.Origin == "" || r.Origin == "queued_command")
}

// Memory notes: the line memfs's context asks agents to write when the
// user asks to remember something. A note is only a pointer: what it says
// is kept when the user's own words support it.

var reNote = regexp.MustCompile(`(?im)^[\s>*_-]*memory note\s*\(direct user request\)\s*[:\x{2014}-]\s*(.+?)\s*$`)

// reNoteLead strips the agent's framing from a note ("The user asked me to
// remember that …").
var reNoteLead = regexp.MustCompile(`(?i)^(?:the user (?:asks|asked|wants|wanted|said|says|requests|requested)(?: me)?(?: to)?\s+|user (?:request|asked)\s*:\s*|please\s+)?(?:remember|note|keep in mind|record|save)(?: that)?\s*[:,]?\s+`)

// notes returns the memory notes in an assistant text, without their
// framing.
func notes(text string) []string {
	var out []string
	for _, m := range reNote.FindAllStringSubmatch(text, -1) {
		n := strings.Trim(strings.TrimSpace(m[1]), "`\"")
		if reForgetNote.MatchString(n) {
			continue // forget requests are taken from the user's words
		}
		n = reNoteLead.ReplaceAllString(n, "")
		if len(contentWords(n)) > 0 {
			out = append(out, capitalize(n))
		}
	}
	return out
}

var reForgetNote = regexp.MustCompile(`(?i)^(?:the user (?:asks|asked|wants)(?: me)? to\s+)?(?:forget|stop remembering|remove|delete|don't remember)\b`)

// noteWords are the words of a note that carry no claim.
var noteWords = map[string]bool{
	"user": true, "user's": true, "remember": true, "note": true, "asked": true, "asks": true,
	"wants": true, "want": true, "please": true, "keep": true, "mind": true, "should": true,
	"agent": true, "agents": true, "team": true, "team's": true, "their": true, "they": true,
	"them": true, "has": true, "have": true, "does": true, "do": true, "will": true,
}

// supportingSentence finds the sentence of the user's words that supports a
// note, and the record it is in: every word of the note that carries a
// value (digits, "#", "/", "." or "@", or a capital inside a sentence)
// appears in it, and so do at least four in five of the note's other
// content words. It returns "" when no sentence does.
func supportingSentence(note string, user []Record) (string, Record) {
	want := noteContent(note)
	if len(want) == 0 {
		return "", Record{}
	}
	best, bestScore, from := "", 0.0, Record{}
	for _, r := range user {
		for _, line := range strings.Split(r.Text, "\n") {
			for _, sent := range sentences(line) {
				have := map[string]bool{}
				for _, w := range words(strings.ToLower(sent)) {
					have[stem(strings.Trim(w, "-'"))] = true
				}
				n, keyMissing := 0, false
				for _, w := range want {
					if have[stem(w.word)] {
						n++
					} else if w.key {
						keyMissing = true
					}
				}
				score := float64(n) / float64(len(want))
				if !keyMissing && score >= 0.8 && score > bestScore {
					best, bestScore, from = sent, score, r
				}
			}
		}
	}
	return best, from
}

type noteWord struct {
	word string
	key  bool
}

func noteContent(note string) []noteWord {
	var out []noteWord
	fields := strings.Fields(note)
	for i, f := range fields {
		for _, w := range words(strings.ToLower(f)) {
			w = strings.Trim(w, "-'")
			if len(w) < 2 || stopwords[w] || noteWords[w] {
				continue
			}
			key := strings.ContainsAny(w, "0123456789#/.@_") || i > 0 && hasUpper(f)
			out = append(out, noteWord{w, key})
		}
	}
	return out
}

func hasUpper(s string) bool {
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// stem folds a few English endings so "prefers" supports "prefer".
func stem(w string) string {
	for _, suf := range []string{"'s", "ies", "es", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// Confirmations (see the package documentation for the rules).

var (
	// reProposal finds an assistant's offer to make something durable.
	reProposal = regexp.MustCompile(`(?i)^(?:(?:or|and|alternatively|otherwise),?\s+)?(?:shall i|should i|do you want me to|want me to|would you like me to|should we|shall we|i can|i could|i suggest(?: that)? we|i suggest(?: that)? i|i propose(?: that)? we|i propose to|how about i|how about we|may i|i'd suggest we|i would suggest we|let me know if i should)\s+(.+?)[?.!]*$`)
	// reAffirm is a reply that agrees and nothing else.
	reAffirm = regexp.MustCompile(`(?i)^(?:(?:yes|yep|yeah|yup|sure|ok|okay|sounds good|sounds great|good idea|great idea|go ahead|go for it|do it|do that|please do|please|let's do (?:it|that)|agreed|correct|exactly|absolutely|definitely|lgtm|perfect|that's right|make it so|yes please|thanks|thank you|right)[\s,.!]*)+$`)
	// reDeny holds words that take back or change an agreement.
	reDeny = regexp.MustCompile(`(?i)\b(?:no|not|nope|nah|don'?t|doesn'?t|never|but|instead|rather|wait|hold on|actually|except|however|only if|unless|although|though)\b`)
	// reDurableProposal is what makes a proposal worth keeping: it chooses
	// a tool, a convention or a default, not a one-off task.
	reDurableProposal = regexp.MustCompile(`(?i)\b(?:always|never|from now on|going forward|by default|the default|as default|default to|convention|standard|policy|remember|switch (?:\w+ )?to|stick with|use \S+ (?:for|as|instead|everywhere|throughout|in this)|make \S+ (?:the|our|your) )`)
)

// offer is an assistant's proposal: the sentence (or, when it only
// points back, "want me to do that going forward?", the sentence before
// it too), its language, and the verb phrase an English offer makes
// ("make pnpm the package manager here"; "" otherwise).
type offer struct {
	sentence, lang, vp string
	from               Record
	// value: a value the agent would set, or checks back as it moves
	// from one to another (reValueProposal).
	value bool
}

var (
	// reOfferAny finds an offer in the other languages.
	reOfferAny = regexp.MustCompile(`(?i)^(?:je propose|je suggère|on pourrait|ich schlage vor|ich würde vorschlagen|propongo|sugiero|podríamos|soll ich|sollen wir|wollen wir|machen wir das|¿?establecemos|¿?fijamos|¿?definimos|¿?ponemos|¿?hacemos|¿?lo dejamos|¿?la dejamos|est-ce qu'on|on (?:fixe|définit|établit|met|en fait)|veut-on|doit-on|möchtest du,? dass ich|willst du,? dass ich|darf ich|wie wäre es,? wenn|ich könnte|¿?quieres que|¿?debería|¿?deberíamos|¿?te parece (?:bien )?(?:que|si)|¿?lo hago|est-ce que je|dois-je|veux-tu que je|voulez-vous que je|tu veux que je|je peux|je pourrais)|要不要|需要我|要我|我可以|是否需要|^建议|^我建议|以后都.{0,10}吗|しましょうか|しますか|してもいいですか|ましょうか|ませんか|提案します|はどうでしょう`)
	// reOfferBack is an offer that points back to the sentence before.
	reOfferBack = regexp.MustCompile(`(?i)\b(?:do (?:that|this|it|so)|go with (?:that|this|it)|set (?:that|this|it) up)\b|(?:これを(?:ルール|決まり|方針)に\S{0,8}$|把这(?:个|条)?(?:定为|作为|当成)?规则\S{0,4}$|\bmake (?:this|that|it) (?:a|the|our) (?:rule|convention|default)\W*$|\b(?:das|dies) (?:als|zur|zu einer) regel\W*$|\b(?:esto|eso) (?:como|en una) regla\W*$|\ben faire une règle\W*$|这样做|这么做|那样做|按这个来|照这个来|这么定|这样定|そうしましょうか|そうしますか|das so machen|hacerlo así|faire ça|faire comme ça)`)
)

// proposal returns the one durable offer of an assistant's text; false
// when the text offers nothing durable, or more than one thing.
func proposal(texts []Record) (offer, bool) {
	var found []offer
	for _, r := range texts {
		var prev string
		for _, line := range strings.Split(r.Text, "\n") {
			for _, sent := range sentences(line) {
				o, ok := offerIn(sent, prev)
				prev = sent
				if !ok {
					continue
				}
				o.from = r
				if len(found) > 0 && reOfferBack.MatchString(sent) && strings.Contains(o.sentence, found[len(found)-1].sentence) {
					// "I could keep a CHANGELOG.md … Want me to do that
					// going forward?" is one offer.
					found[len(found)-1] = o
					continue
				}
				found = append(found, o)
			}
		}
	}
	if len(found) > 1 {
		// "So Tuesday becomes Wednesday for sampling. I'll change
		// SAMPLE_DAY …": the one value moved is what a yes agrees to.
		var values []offer
		for _, o := range found {
			if o.value {
				values = append(values, o)
			}
		}
		found = values
	}
	if len(found) != 1 {
		return offer{}, false
	}
	return found[0], true
}

// offerIn reads one sentence of the assistant's (prev is the sentence
// before it) as a durable offer.
func offerIn(sent, prev string) (offer, bool) {
	clean, _ := strip(sent, lexEn)
	lang := detect(sent)
	o := offer{sentence: strings.TrimSpace(sent), lang: lang}
	if reValueProposal.MatchString(clean) {
		// "I'd lower the cap from 8 s to 2 seconds — the tablet can take
		// that.": a value the agent would set, agreed to, is where it
		// stands now.
		o.value = true
		return o, true
	}
	if m := reProposal.FindStringSubmatch(clean); m != nil {
		o.vp = m[1]
	} else if !reOfferAny.MatchString(clean) {
		return offer{}, false
	}
	if reOfferBack.MatchString(sent) && prev != "" {
		o.sentence, o.vp = strings.TrimSpace(prev)+" "+o.sentence, ""
	}
	if !(o.vp != "" && (reDurableProposal.MatchString(o.vp) || subjectGroup(o.vp) != "")) && !durableAnyLang(o.sentence) {
		return offer{}, false
	}
	if o.vp != "" && lang != En {
		o.vp = ""
	}
	return o, true
}

// reValueProposal is the agent saying it would set a value to a number:
// "I'd lower the cap from 8 s to 2 seconds", "I'll set the timeout to 30
// seconds", "Ich würde das Limit auf 500 setzen".
var reValueProposal = regexp.MustCompile(`(?i)^(?:i'd|i would|i'll|i will|i'm going to|i plan to|i suggest we|let's|we could)\s+(?:lower|raise|set|change|move|bump|cap|increase|decrease|reduce|drop|shorten|extend|put|make|lift|cut)\b[^.?!]{0,60}?\bto\s+(?:[£$€¥]\s?)?\d|^ich würde\s[^.?!]{0,60}?\bauf\s+\d[^.?!]{0,20}(?:setzen|stellen|senken|erhöhen|anheben|ändern|begrenzen)` +
	// "Subo el máximo de 22 a 26 pasajeros, ¿sí?", "Cambio REFUND_WINDOW
	// de 48 a 24 horas, ¿vale?", "Je passe le délai de 10 à 14 jours ?",
	// "Ich setze das Limit von 60 auf 120?", "Shall I move the cron from
	// 20:00 to 18:00?": a change from one value to another offered in
	// the first person, agreed to.
	`|^(?:subo|bajo|cambio|pongo|paso|muevo|ajusto|amplío|reduzco|aumento)\s[^.?!]{0,60}?\bde\s+(?:[£$€]\s?)?\d[^\s,]*\s+a\s+(?:[£$€]\s?)?\d` +
	`|^je (?:passe|mets|change|monte|baisse|règle|remonte|descends)\s[^.?!]{0,60}?\bde\s+\d[^\s,]*\s+à\s+\d` +
	`|^ich (?:setze|stelle|ändere|erhöhe|senke|hebe)\s[^.?!]{0,60}?\bvon\s+\d[^\s,]*\s+auf\s+\d` +
	`|^(?:shall|should) i\s+(?:lower|raise|set|change|move|bump|cap|increase|decrease|reduce|shorten|extend|push)\b[^.?!]{0,60}?\bfrom\s+(?:[£$€]\s?)?\d[^\s,]*\s+to\s+(?:[£$€]\s?)?\d` +
	// "火曜 23:59 → 月曜 23:59 ですね", "年2回 → 年3回に変更します", "So
	// Tuesday becomes Wednesday for sampling": a value checked back as it
	// moves to another.
	`|^[^.?!。？]{0,40}?\d[^.?!。？→]{0,16}?\s*(?:→|->|=>)\s*[^.?!。？]{0,16}?\d` +
	`|^(?:(?:so|then|ok,? so|right,? so)\s)?[^.?!]{0,40}?\b(?:becomes|goes to|moves to|changes to|turns into)\s+(?:\d|(?-i:\p{Lu})|(?:mon|tues|wednes|thurs|fri|satur|sun)day)` +
	// "So the grace period goes from 3 to 5 days": the same, with the
	// value it moves from.
	`|^(?:(?:so|then|ok,? so|right,? so)\s)?[^.?!]{0,40}?\b(?:goes|moves|changes|drops|rises|falls|shifts)\s+from\s+(?:[£$€]\s?)?\d[^\s,]*(?:\s\pL{1,12})?\s+to\s+(?:[£$€]\s?)?\d`)

// reChooseTool is a proposal that picks a tool ("make pnpm the package
// manager", "switch to ruff").
var reChooseTool = regexp.MustCompile(`(?i)\b(?:use|using|switch(?:ing)? to|stick(?:ing)? with|move to|migrate to|adopt|prefer|make \S+ (?:the|our|your)|standardi[sz]e on)\b|(?:utilis|usar|usa |verwend|nutz|改用|换成|统一用|に統一|を使)`)

// durableAnyLang reports a cue of durability in any of the languages: an
// assistant's sentence mixes them ("Sollen wir festlegen, dass jede neue
// API-Route …" reads as English by its identifiers).
func durableAnyLang(s string) bool {
	for _, lx := range lexes {
		if lx.durable.MatchString(s) || lx.strongCue != nil && lx.strongCue.MatchString(s) {
			return true
		}
	}
	return false
}

// affirmative reports a reply that agrees and says nothing else.
func affirmative(reply string) bool {
	r := strings.TrimSpace(reply)
	return r != "" && len(r) <= 80 && reAffirm.MatchString(r) && !reDeny.MatchString(r)
}

var (
	// reAgreeLead opens a reply that agrees, in any of the languages.
	reAgreeLead = regexp.MustCompile(`(?i)^(?:yes|yep|yeah|yup|sure|ok|okay|fine by me|fine with me|works for me|that works|sounds good|sounds great|good idea|great idea|go ahead|go for it|do it|do that|please do|agreed|absolutely|definitely|lgtm|perfect|that's right|make it so|yes please|correct|exactly|ja|jap|jo|genau|richtig|stimmt|gerne|gern|passt|klar|einverstanden|mach das|passt mir|von mir aus|sí|si|vale|me vale|eso|eso es|exacto|correcto|así|así está bien|venga|por mí bien|claro|dale|perfecto|de acuerdo|hazlo|oui|ouais|d'accord|exact|c'est ça|parfait|vas-y|ça me va|ça marche|volontiers|fais comme ça|bien sûr|好的|好|可以|行|对|是的|没问题|嗯|就这样|はい|お願いします|それで|いいです|了解|ええ|うん|ぜひ)(?:$|[^\p{L}])`)
	// reDenyAny takes an agreement back, in any of the languages.
	reDenyAny = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:no|not|nope|nah|don'?t|never|but|instead|rather|wait|hold on|actually|except|however|only if|unless|although|though|nein|nicht|aber|sondern|lieber|warte|pero|mejor|sino|espera|non|pas|mais|plutôt|attends)(?:$|[^\p{L}])|不要|别|但是|不过|可是|等等|不用|不行|いいえ|でも|ただし|やめ|待って|しないで`)
)

// agrees reports a reply whose first sentence agrees without condition;
// what follows it is read on its own.
func agrees(reply string) bool {
	for _, line := range strings.Split(strings.TrimSpace(reply), "\n") {
		ss := sentences(line)
		if len(ss) == 0 {
			continue
		}
		first := ss[0]
		return reAgreeLead.MatchString(first) && !reDenyAny.MatchString(first)
	}
	return false
}

// confirmed turns an agreed offer into a statement. The offer's words are
// the agent's; the user's "yes" makes them the user's: "The user agreed
// to make pnpm the package manager here."
func confirmed(o offer) Statement {
	st := Statement{Kind: Rule, Lang: o.lang, Area: "conventions"}
	text := o.vp
	if text == "" {
		text = o.sentence
	}
	st.Subject = subjectOf(text, o.lang, lexes[o.lang])
	if o.value {
		// "5,800円 → 6,600円ですね": a value agreed to is a fact.
		st.Kind, st.Area = Fact, areaFor(Fact, text)
	}
	if g := toolGroup(strings.ToLower(text)); g != "" && reChooseTool.MatchString(text) {
		st.Kind, st.Area = Preference, "tools"
	} else if toolGroups[strings.ReplaceAll(st.Subject, " ", "-")] {
		// "run `pnpm i18n:check` before every PR" names pnpm without
		// choosing it: it is not the package manager's claim, which a
		// later proposal to run another pnpm script would replace.
		st.Subject = ""
	}
	if o.vp != "" {
		vp := strings.TrimSpace(strings.TrimRight(o.vp, "?.! "))
		st.Claim = "The user agreed to " + lowerFirst(thirdPersonObject(vp)) + "."
	} else {
		st.Claim = "The user agreed to the assistant's proposal: “" + o.sentence + "”"
	}
	return st
}

// thirdPersonObject rewrites pronouns in a proposal the agent made: its
// "I" is the agent, its "you" and "your" the user.
func thirdPersonObject(s string) string {
	r := strings.NewReplacer(" your ", " the user's ", " you ", " the user ", " we ", " the team ", " our ", " the team's ")
	return strings.TrimSpace(r.Replace(" " + s + " "))
}

package hear

import (
	"regexp"
	"strings"
)

// A handover says who holds a duty from now on: "priya's got the gps
// ingest now", "c'est Inès qui a repris les annotations", "die
// Teststationen macht jetzt Yuki", "测试服那边以后交给 Kevin Wu",
// "マーケのモデルは sami さんが引き継ぎます". It is a team fact, and
// whoever memory says held the duty before no longer does.
//
// The patterns below read one clause. Each names the new holder (group
// h) and, where the clause says it, the duty (group d) or the role (group
// r, which names the duty when nothing else does: "the new practice
// manager is Raj Patel"). A pattern whose verb says nothing of a change
// ("gère", "runs") needs a word of change ("now", "maintenant", "jetzt")
// beside it, or it is an ordinary team statement.

// lowerHolder is a name typed in lower case ("priya", "raj patel"):
// only read where the pattern's shape says a person stands there.
const lowerHolder = `\p{Ll}[\p{Ll}'’]{2,15}(?: \p{Ll}[\p{Ll}'’]{2,15})?`

// holderEnd is what may follow a holder's name.
const holderEnd = `(?:$|[,.;:!—–(]| -| and\b| now\b| so\b| from now\b| going forward\b| from (?:this|next) (?:week|month|year|season|term)\b)`

var (
	enHolder = `(?P<h>` + titleRe + nameRe + `|` + lowerHolder + `)`
	deHolder = `(?P<h>(?-i:(?:(?:Frau|Herrn?) )?(?:(?:Dr|Prof)\. )?|(?:das|die|der) (?-i:\p{Lu})[\p{L}-]+ )` + nameRe + `|` + lowerHolder + `)`
	esHolder = `(?P<h>` + titleRe + nameRe + `)`
	frHolder = `(?P<h>` + titleRe + nameRe + `|` + lowerHolder + `)`
	// cjkHolder: a Chinese name of two or three characters, with 老 or
	// 小 before a surname, or a Latin name.
	cjkHolder = `(?P<h>[老小][\p{Han}]|[\p{Han}]{2,3}|[\p{Han}]{1,4}[（(][\p{Han}]{2,3}[）)]|` + nameRe + `|[a-z]{2,12})`
	jaHolder  = `(?P<h>[\p{Han}\p{Katakana}]{1,6}|` + nameRe + `|[a-z]{2,12}) ?さん`

	// enRole is a role a person holds ("practice manager", "secretary").
	enRole = `(?P<r>(?:[\w-]+ ){0,2}?(?:manager|secretary|contact|lead|owner|maintainer|admin|administrator|supervisor|reviewer|approver|pm|director|head|coordinator|assistant|accountant|bookkeeper|receptionist|technician|analyst|officer|clerk|liaison|editor|designer|engineer|developer|dev|person|boss|chair|treasurer|president|captain|coach|tester|translator|point of contact))`
	duty   = `(?P<d>[\p{L}\d][\p{L}\d /._+&-]{1,60}?)`
	cjkDut = `(?P<d>[\p{Han}\p{Katakana}\p{Hiragana}ー々A-Za-z\d_ /-]{2,16}?)`
)

var reHandover = map[string][]*regexp.Regexp{
	En: {
		// "priya's got the gps ingest now", "Ana has taken over billing"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*` + enHolder + `(?:'s| has| is)? (?:now |also |just )?(?:taken over|took over|picked up|inherited|is taking over|'s taking over|taking over|taking on|picking up) (?:the |our |all (?:the )?)?` + duty + `(?:` + holderEnd + `)`),
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*` + enHolder + `(?:'s| has| is) (?:got|owning|running|doing|handling|covering|in charge of|looking after) (?:the |our |all (?:the )?)?` + duty + ` (?:now|from now on|going forward|these days)\b`),
		// "Priya's on the gps ingest now"; a thing is on something too
		// ("mail's on amazon SES now"): a name written as one.
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?P<h>` + titleRe + nameRe + `)(?:'s| is) on (?:the |our |all (?:the )?)?` + duty + ` (?:now|from now on|going forward|these days)\b`),
		// "membership questions now go to the new secretary, Dev Patel"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?:the |our |any |all )?` + duty + ` (?:questions |stuff |things |requests |changes |issues )?(?:now (?:go(?:es)?|is|are)|(?:go(?:es)?|is|are) now) (?:to|with|past) (?:the new ` + enRole + `,? )?` + enHolder + holderEnd),
		// "template texts go to Gail Okafor from now on"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?:the |our |any |all )?` + duty + ` (?:go(?:es)?|are sent|get sent|is sent|gets sent) (?:to|past) \[?` + enHolder + `\]? (?:from now on|going forward|now)\b`),
		// "box office has a new manager, wendell"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?:the |our )?` + duty + ` (?:has|got|'s got) a new ` + enRole + `,? ` + enHolder + holderEnd),
		// "the new practice manager is raj patel"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?:the |our |their |my )?new ` + enRole + ` (?:(?:for|of|at) (?:the )?` + duty + ` )?is ` + enHolder + holderEnd),
		// "releases: Damilola (Dami) does them now", "on-call rotated,
		// Farid has it now": the duty named first, then who has it.
		regexp.MustCompile(`(?i)(?:^|[,;] )(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*(?:the |our )?` + duty + `(?:\s*:| (?:rotated|changed hands|moved|switched|was handed over|got handed over),)\s*` + enHolder + `(?: \([^)]{1,30}\))? (?:does|has|handles|runs|owns|covers|takes|signs|approves) (?:them|it|that|those) (?:now|from now on|going forward)\b`),
		// "mel's handed the website over to her daughter, amy hollis"
		regexp.MustCompile(`(?i)\b(?:handed|passed|gave|has given|has handed|has passed) (?:over )?(?:the |our |her |his |their )?` + duty + ` (?:over )?to (?:(?:her|his|their|my|our) [\w-]+, )?` + enHolder + holderEnd),
		// "Amara Osei is our programming lead this year"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*` + enHolder + ` is (?:now )?(?:(?:our|the|my) )?(?:new )?(?P<d>(?:[\w-]+ ){0,2}?(?:manager|secretary|contact|lead|maintainer|admin|supervisor|reviewer|approver|director|coordinator|accountant|bookkeeper|editor|treasurer|captain|coach|translator|chair|president|officer))(?: for (?:the )?[\w -]{2,30}?)? (?:now|this year|this season|from now on|going forward|these days)\b`),
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*` + enHolder + ` is (?:now (?:our|the|my) |(?:our|the|my) new )(?P<d>(?:[\w-]+ ){0,2}?(?:manager|secretary|contact|lead|maintainer|admin|supervisor|reviewer|approver|director|coordinator|accountant|bookkeeper|editor|treasurer|captain|coach|translator|chair|president|officer))\b`),
		// "amy is who I email now"
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay),? )*` + enHolder + ` is (?:who|the one|the person) (?:i|we) (?:deal with|email|talk to|ask|report to|work with|go to|write to|call)(?: now| from now on| going forward)`),
		// "new practice manager: Gail Okafor": a role and who holds it,
		// said as a label.
		regexp.MustCompile(`(?i)^(?:(?:so|and|oh|btw|also|fyi|ok|okay|nice|great),? )*(?:the |our )?new ` + enRole + `\s*[:：—–]\s*` + enHolder + holderEnd),
	},
	De: {
		// "die Teststationen macht jetzt Yuki", "Downloads auf die
		// Live-SPS macht jetzt Aylin Demir"
		regexp.MustCompile(`(?i)(?:^|, )(?:(?:und|also|übrigens|ach ja),? )*(?:die |der |das |den )?` + duty + ` (?:macht|machen|übernimmt|übernehmen|betreut|betreuen|verantwortet|hat|prüft|reviewt) (?:jetzt|ab jetzt|nun|ab sofort|künftig|seitdem|stattdessen|von jetzt an|inzwischen|mittlerweile|ab (?:dem )?\p{L}+|ab nächste[rnm]? \p{L}+|seit \p{L}+) ` + deHolder + `(?:$|[,.;:!]| und\b)`),
		// "Danach gibt Herr Yilmaz die Gebührenregeln frei": the verb
		// first after a word of time (read past when it dates the
		// change: "Ab Mai gibt …"), the duty after the holder.
		regexp.MustCompile(`(?i)(?:^|, )(?:(?:danach|ab jetzt|jetzt|künftig|ab sofort|inzwischen|mittlerweile|ab (?:dem )?\p{L}+|ab nächste[rnm]? \p{L}+|seit \p{L}+) )?(?:macht|machen|übernimmt|übernehmen|betreut|betreuen|verantwortet|prüft|reviewt|gibt|geben|nimmt|nehmen) ` + deHolder + ` (?:die|den|das) ` + duty + `(?: (?:frei|ab))?(?:$|[,.;:!]| und\b)`),
		// Any verb ("die Touren verteilt ab sofort Mehmet Aydın"): a word
		// of change and a person's whole name or title after it.
		regexp.MustCompile(`(?i)(?:^|, )(?:(?:und|also|übrigens|ach ja),? )*(?:die |der |das |den )?` + duty + ` \p{Ll}{3,}t (?:jetzt|ab jetzt|nun|ab sofort|künftig|von jetzt an) (?P<h>(?-i:(?:(?:Frau|Herrn?) |(?:Dr|Prof)\. )\p{Lu}[\p{Ll}'’-]+|\p{Lu}[\p{Ll}'’-]+ \p{Lu}[\p{Ll}'’-]+))(?:$|[,.;:!]| und\b)`),
		// "die Solver-Reviews übernimmt Nuria": taking over says the
		// change, no word of time needed.
		regexp.MustCompile(`(?i)(?:^|, )(?:(?:und|also|übrigens|ach ja),? )*(?:die|der|das|den) ` + duty + ` (?:übernimmt|übernehmen) ` + deHolder + `(?:$|[,.;:!]| und\b)`),
		// "die Grabungsleitung liegt seit Dezember bei Herrn Kowalczyk"
		regexp.MustCompile(`(?i)^(?:(?:und|also|übrigens|ach ja),? )*(?:die |der |das )?` + duty + ` (?:liegt|liegen) (?:jetzt |nun |ab sofort |inzwischen |mittlerweile |seit (?:\S+ ){1,3}?)bei ` + deHolder + `(?:$|[,.;:!]| und\b)`),
		// "Yuki hat die Teststationen übernommen"
		regexp.MustCompile(`(?i)^(?:(?:und|also|übrigens|ach ja),? )*` + deHolder + ` (?:hat|übernimmt) (?:jetzt |ab sofort |nun |seit \S+ )?(?:die |den |das )?` + duty + ` (?:übernommen|von \S+(?: \S+)? übernommen)`),
		// "Yuki ist jetzt für die Teststationen zuständig"
		regexp.MustCompile(`(?i)^(?:(?:und|also|übrigens|ach ja),? )*` + deHolder + ` ist (?:jetzt|ab sofort|nun|künftig|seitdem|inzwischen) (?:für (?:die |den |das )?` + duty + ` zuständig|verantwortlich für (?:die |den |das )?` + duty + `(?:$|[,.;]))`),
		// "neue Ansprechpartnerin ist Frau Lang"
		regexp.MustCompile(`(?i)(?:^|, )(?:die |der |unser[e]? )?neue[rn]? (?P<r>ansprechpartner(?:in)?|verantwortliche[r]?|leiter(?:in)?|owner(?:in)?|admin(?:in)?|kontakt) (?:für (?:die |den |das )?` + duty + ` )?ist ` + deHolder),
		// "Neuer Fuhrparkwart: Ingo Brandt"
		regexp.MustCompile(`(?i)^(?:(?:und|also|übrigens|ach ja|passt|gut),? )*(?:die |der |unser[e]? )?neue[rn]? (?P<r>(?-i:\p{Lu})[\p{L}-]{3,30})\s*:\s*` + deHolder + `(?:$|[,.;:!]| und\b)`),
	},
	Es: {
		// "ahora sube las versiones Nerea Etxeberria"
		regexp.MustCompile(`(?i)^(?:(?:y|ah|bueno|oye),? )*ahora (?:\p{L}+) (?P<d>(?:el|la|los|las) [\p{L}\d /._-]{2,40}?) ` + esHolder + `(?:$|[,.;:!])`),
		// "ahora la web la lleva su hija, Laura", "los textos ahora los
		// aprueba la nueva jefa de prensa, Marisa Ortega"
		regexp.MustCompile(`(?i)(?:^|, |; |\by )(?:(?:ahora|desde (?:esta semana|este mes|hoy|ya|ayer|el \p{L}+|[\p{L}\d ]{2,16}?)|a partir de (?:hoy|ahora|[\p{L}\d ]{2,16}?)) )?(?P<d>(?:el|la|los|las) [\p{L}\d /._-]{2,30}?) (?:ahora |ya |desde ahora )?(?:la|lo|las|los) (?:lleva|llevan|gestiona|gestionan|hace|hacen|maneja|manejan|sube|suben|revisa|revisan|aprueba|aprueban|firma|firman|valida|validan|coordina|coordinan|fija|fijan|decide|deciden|autoriza|autorizan|asigna|asignan|supervisa|supervisan|organiza|organizan) (?:ahora )?(?:(?:su|mi|el|la|nuestr[oa]) (?:nuev[oa] )?[\p{L}]+(?: de [\p{L}]+)?,? )?` + esHolder),
		// "Nerea se ha hecho cargo de las versiones"
		regexp.MustCompile(`(?i)^(?:(?:y|ah|bueno|oye),? )*` + esHolder + ` (?:se ha hecho cargo de|se hizo cargo de|ha asumido|asume ahora|ha tomado el relevo (?:en|de)|lleva ahora|se encarga ahora de|se ocupa ahora de|ahora se encarga de|ahora se ocupa de|ahora lleva) (?:el |la |los |las )?` + duty + `(?:$|[,.;:!])`),
		// "Javier ha pasado la tesorería a Nuria Blasco"
		regexp.MustCompile(`(?i)^(?:(?:y|ah|bueno|oye),? )*(?:` + titleRe + nameRe + `) (?:ha pasado|pasó|ha dejado|dejó|ha cedido|cedió|ha traspasado|traspasó) (?:el |la |los |las )?` + duty + ` a ` + esHolder + `(?:$|[,.;:!])`),
		// "el nuevo contacto es Laura"
		regexp.MustCompile(`(?i)(?:^|, )(?:el |la |mi |nuestr[oa] )?nuev[oa] (?P<r>contacto|responsable|encargad[oa]|secretari[oa]|administrador[a]?|gerente|jef[ea]|director[a]?|coordinador[a]?|president[ea]|tesorer[oa]|profesor[a]?|tutor[a]?) (?:de (?:la |el |los |las )?` + duty + ` )?es ` + esHolder),
		// "nuevo tesorero: Javier Gil", "cambio de tesorera: Nuria Blasco"
		regexp.MustCompile(`(?i)^(?:(?:y|ah|bueno|oye),? )*(?:el |la |nuestr[oa] )?nuev[oa] (?P<r>[\p{L} -]{3,30}?)\s*:\s*` + esHolder + `(?:$|[,.;:!])`),
		regexp.MustCompile(`(?i)^(?:(?:y|ah|bueno|oye),? )*cambio de (?P<r>[\p{L} -]{3,30}?)\s*:\s*` + esHolder + `(?:$|[,.;:!])`),
	},
	Fr: {
		// "c'est Inès qui a repris les annotations", "c'est maintenant
		// hinata, un joueur du Discord, qui maintient la traduction"
		regexp.MustCompile(`(?i)(?:^|, |\bet )c'est (?:maintenant |désormais |dorénavant )?` + frHolder + `(?:,[^,]{1,60},)? qui (?:a repris|reprend|a pris le relais (?:sur|pour)) (?:les |le |la |l'|des )?` + duty + `(?:$|[,.;:!])`),
		regexp.MustCompile(`(?i)(?:^|, |\bet )c'est (?:maintenant|désormais|dorénavant) ` + frHolder + `(?:,[^,]{1,60},)? qui (?:gère|s'occupe d[eu']|s'occupe des|maintient|fait|valide|relit|suit|publie) (?:les |le |la |l'|des )?` + duty + `(?:$|[,.;:!])`),
		// "Inès a repris les annotations"
		regexp.MustCompile(`(?i)^(?:(?:et|bon|au fait),? )*` + frHolder + `(?:, [^,]{1,40},)? (?:a repris|reprend|a pris le relais (?:sur|pour)|(?:s'occupe|gère|valide|relit|suit|fait|publie|maintient|signe|approuve) (?:maintenant|désormais|dorénavant)(?: d[eu'])?) ?(?:les |le |la |l'|des )?` + duty + `(?:$|[,.;:!])`),
		// "Claire a passé le relais à Karim Benali pour les légumes"
		regexp.MustCompile(`(?i)^(?:(?:et|bon|au fait),? )*(?:` + titleRe + nameRe + `) a (?:passé|laissé|confié) (?:le relais|la main|le flambeau) à ` + frHolder + ` (?:pour|sur) (?:les |le |la |l')?` + duty + `(?:$|[,.;:!])`),
		// "les annotations passent à Inès"
		regexp.MustCompile(`(?i)^(?:(?:et|bon|au fait),? )*(?:les |le |la |l')?` + duty + ` (?:passe|passent) (?:maintenant |désormais )?(?:à|chez) ` + frHolder + `(?:$|[,.;:!])`),
		// "la nouvelle responsable, c'est Inès"
		regexp.MustCompile(`(?i)(?:^|, )(?:le |la |notre )?nouve(?:au|lle|l) (?P<r>responsable|référent(?:e)?|contact|mainteneur|mainteneuse|interlocut(?:eur|rice)) (?:d[eu'] ?(?:la |l'|les )?` + duty + ` )?(?:est|, c'est|c'est) ` + frHolder),
		// "Nouvelle cheffe de bassin : Nadia Benali"
		regexp.MustCompile(`(?i)^(?:(?:et|bon|au fait),? )*(?:le |la |notre )?nouve(?:au|lle|l) (?P<r>[\p{L}'’ -]{3,30}?)\s*:\s*` + frHolder + `(?:$|[,.;:!])`),
	},
	Zh: {
		// "测试服那边以后交给 Kevin Wu"
		regexp.MustCompile(cjkDut + `(?:那边|这块|这边|的事|方面)?(?:以后|今后|现在|之后|从今天起|从现在起)(?:就)?(?:交给|由|归) ?` + cjkHolder + `(?:负责|管|来|了|维护|打理|跟进|[（(，,。！]|$| )`),
		regexp.MustCompile(`^` + cjkDut + `(?:那边|这块|这边|的事)?(?:交给了|转给了|改由|转交给) ?` + cjkHolder + `(?:负责|管|来|了|维护|打理|跟进|[（(，,。！]|$| )`),
		// "称重站交给陈建国管": handed over to manage, said bare.
		regexp.MustCompile(`^` + cjkDut + `(?:那边|这块|这边|的事)?交给 ?` + cjkHolder + `(?:负责|管|维护|打理)(?:[（(，,。！]|$| )`),
		// "Kevin 接手了测试服"
		regexp.MustCompile(cjkHolder + ` ?接手了?` + cjkDut + `(?:[（(，,。！]|$)`),
		// "现在跟我对接的是市场部的小刘（刘婷）"
		regexp.MustCompile(`(?:现在|以后|今后)(?:跟我|和我)?(?P<d>对接)的(?:人)?是(?:[\p{Han}]{1,6}的)?` + cjkHolder),
		// "新财务：林丽"
		regexp.MustCompile(`^新(?:的)?(?P<r>[\p{Han}]{2,6})[:：]\s*` + cjkHolder + `(?:[（(，,。！]|$| )`),
	},
	Ja: {
		// "マーケのモデルは sami さんが引き継ぎます"
		regexp.MustCompile(cjkDut + `は ?` + jaHolder + `が(?:引き継|担当し|担当にな|見ることにな|見ます)`),
		// "ステージ周りのことは今後は森さんに聞いてください"
		regexp.MustCompile(cjkDut + `(?:周り|関係|まわり)?(?:のこと|の件)?は(?:今後は|これからは|今は|今後|これから|来月から|今月から) ?` + jaHolder + `に(?:聞いて|確認|相談|お願い|連絡)`),
		// "ステージの担当は森さんに変わりました"
		regexp.MustCompile(cjkDut + `の(?:担当|窓口|責任者|管理者)は ?` + jaHolder + `に(?:なり|変わり|替わり|交代)`),
		// "シフト作りは田中さんから森由美さんに引き継ぎになりました"
		regexp.MustCompile(cjkDut + `は ?[^、。]{1,10}?さんから ?` + jaHolder + `に(?:引き継|交代|替わ|変わ)`),
		// "充電ドックは木村さんに引き継がれた": handed on, said passive.
		regexp.MustCompile(cjkDut + `は ?` + jaHolder + `に引き継(?:がれ(?:た|ました)|ぎました|いだ|ぐことになりました|ぐことになった)`),
		// "端末管理は今月から小林拓海さんです"
		regexp.MustCompile(cjkDut + `は ?(?:今月から|来月から|今後は|これからは|今日から|[0-9０-９]{1,2}月から) ?` + jaHolder + `(?:です|に(?:なりました|なります))`),
		// "今は私と山本さんの二人で見てます"
		regexp.MustCompile(`(?:今は|今後は|これからは)(?:私と)?` + jaHolder + `(?:の二人|と二人|と私)?で(?P<d>)(?:見て|やって|担当)`),
		// "検定の担当：高橋さん"
		regexp.MustCompile(cjkDut + `の(?:担当|窓口|責任者)[:：] ?` + jaHolder),
	},
}

// handover is a clause's handover: the duty handed on (may be empty) and
// its new holder.
type handover struct {
	duty, holder string
	at, end      int // where the handover opens and ends in the clause read
}

// handoverOf reads a clause as a handover, or reports false.
func handoverOf(s, lang string) (handover, bool) {
	for _, re := range reHandover[lang] {
		m := re.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		at, end := m[0], m[1]
		// The groups, from the one match.
		sm := make([]string, len(m)/2)
		for i := range sm {
			if m[2*i] >= 0 {
				sm[i] = s[m[2*i]:m[2*i+1]]
			}
		}
		h := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(group(re, sm, "h")), "'s"), "’s")
		if h == "" || strings.ToLower(h) == h && holderStop[strings.Fields(h)[0]] {
			continue
		}
		d := strings.TrimSpace(group(re, sm, "d"))
		if d == "" {
			d = strings.TrimSpace(group(re, sm, "r"))
		}
		return handover{duty: d, holder: h, at: at, end: end}, true
	}
	return handover{}, false
}

// holderStop are words the lower-case holder slot would take that name
// no one.
var holderStop = set("it", "this", "that", "he", "she", "they", "we", "you", "i", "who", "which", "there", "everyone", "everybody",
	"nobody", "someone", "somebody", "anyone", "the", "our", "my", "your", "their", "his", "her", "a", "an", "me", "him", "them",
	"us", "es", "er", "sie", "wir", "ihr", "man", "jemand", "niemand", "il", "elle", "on", "nous", "vous", "ils", "elles",
	"personne", "quelqu'un", "ça", "cela", "ce", "le", "la", "les", "der", "die", "das", "den", "dem", "ein", "eine",
	"mir", "mich", "ihm", "ihn", "ihnen", "uns", "euch", "jetzt", "ab", "nun", "now", "also", "auch", "noch", "dann",
	"main", "master", "prod", "staging", "ci", "docker", "team", "vendor", "client", "customer", "them.")

// handedOver reads a clause as a handover into f: a team fact about the
// duty's owner, naming the duty and its new holder.
func handedOver(f *finding, raw, s, lang string, lx *lexicon) bool {
	h, ok := handoverOf(s, lang)
	if ok && h.at > 0 {
		rest := strings.TrimLeft(s[h.at:], ",;， ")
		if g, v := classify(s[:h.at], lang, false); (v != durable || g.retract != "") && (len(rest) < len(s[h.at:]) || reBeforeHandover.MatchString(s[:h.at])) && !(v != excluded && reFault.MatchString(s[:h.at])) {
			// "tsubame a arrêté, c'est maintenant hinata qui …": who
			// held the duty before is named by the claim the handover
			// ends, not by the one it makes. A part before it that
			// states something stays, and so does a fault the handover
			// holds while ("mientras la furgoneta esté en el taller, los
			// transportes los hace …").
			f.text, f.part = strings.TrimSpace(rest), true
		}
	}
	if !ok {
		// "Ahora sube las versiones Nerea": the word of change is read
		// past as a filler.
		if h, ok = handoverOf(strings.TrimSpace(raw), lang); !ok {
			return false
		}
		f.text = strings.TrimSpace(raw)[h.at:]
	}
	handTo(f, h, lang, lx)
	return true
}

// handTo makes f the team fact of handover h: who holds the duty now.
func handTo(f *finding, h handover, lang string, lx *lexicon) {
	f.kind, f.holder = Team, h.holder
	if h.duty != "" {
		f.takes = []string{h.duty}
		if !cjk(lang) {
			if np := lastWords(h.duty, lang, lx, 3); np != "" {
				f.subject = np + " owner"
			}
		}
	}
}

// reRoleWord names a role a person holds ("practice manager", "contact",
// "Ansprechpartnerin", "对接人", "担当").
var reRoleWord = regexp.MustCompile(`(?i)\b(?:owner|owns|lead|contact|manager|maintainer|maintains|secretary|supervisor|admin|administrator|approver|reviewer|director|coordinator|assistant|accountant|editor|treasurer|captain|coach|translator|in charge|responsible|point of contact|coordinates|coordinator|ansprechpartner(?:in)?|zuständig|koordiniert|abnehmen|abnimmt|freigeben|coordina|coordonne|verantwortlich|leiter(?:in)?|leitung|betreut|responsable|encargad[oa]|contacto|référent(?:e)?|mainteneu(?:r|se)|gère|s'occupe|tesorer[oa]|trésori(?:er|ère)|schatzmeister(?:in)?|kassenwart(?:in)?|secretari[oa]|secrétaire|sekretär(?:in)?|capit[aá]n|capitaine|kapitän(?:in)?|entrenador[a]?|entraîneu(?:r|se)|trainer(?:in)?)\b|负责|对接|管理员|担当|窓口|責任者|管理者|会计|会計|秘书|秘書|队长|主将`)

// reDoesThe says a named person does a thing ("Birgit macht die
// Rechnungen", "Rocío lleva la contabilidad", "Ana does the books").
// German may put the person last ("Code-Reviews macht immer der Stefan
// Gruber"): a name of two words or a title then.
var reDoesThe = regexp.MustCompile(`(?-i:\p{Lu})\p{Ll}+,? (?:macht|machen|does|handles|decides|sets|lleva|hace|decide|fija|fait|gère|décide|fixe) (?:\p{Ll}+ ){0,3}?(?:die|den|das|the|our|la|el|los|las|les|le|l') ?\pL|(?:^|\s)(?:macht|machen|übernimmt|betreut|prüft|reviewt|verantwortet|erledigt|\p{Ll}{3,}t) (?:(?:immer|nur|meistens|normalerweise|eigentlich|auch|derzeit|aktuell|bei uns) )*(?:der |die )?(?-i:(?:(?:Frau|Herr) \p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+))(?:$|[\s,.;:!])`)

// GivesDuty reports a text (a claim's words, in lang or in the
// language of a later statement, also) that gives someone a duty or a
// role: what a handover takes away.
func GivesDuty(text string, langs ...string) bool {
	if reRoleWord.MatchString(text) || reDoesThe.MatchString(text) {
		return true
	}
	for _, l := range langs {
		lx := lexes[l]
		if lx == nil {
			continue
		}
		if lx.team.MatchString(text) || reNewOwner.MatchString(text) {
			return true
		}
		if _, ok := handoverOf(text, l); ok {
			return true
		}
	}
	return false
}

// reBeforeHandover ends a clause of its own before a handover ("Stefan
// Vogt ist seit April in der Instandhaltung, ", "老周下个月去新加坡了，").
// reNamesHolder is a claim naming who holds something: "der Hallenwart
// ist Herr Kranz", "la tesorera es Marta Gil" (a name of two words or a
// title: "the solver is OptaPlanner" names a product), "copy changes go
// past Priya".
var reNamesHolder = regexp.MustCompile(`(?i:\b(?:ist|is|es|est|sind|are|son|sont)) (?-i:(?:(?:Herr|Frau|Mr|Mrs|Ms|Dr|Dra|M|Mme|Sr|Sra)\.? \p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+))(?:$|[\s,.;:!])|(?i:\bgo(?:es)? (?:past|through|to|by)|\bpasa(?:n)? por|\bpasse(?:nt)? par|\bgeht an|\bgehen an) ` + titleRe + nameRe + `(?:$|[\s,.;:!])`)

// NamesHolder reports a claim's text naming who holds something
// (reNamesHolder), which a handover of the words it names ends.
func NamesHolder(text string) bool { return reNamesHolder.MatchString(text) }

var reBeforeHandover = regexp.MustCompile(`\S.*(?:[,;，、]|ので、|から、)\s*$`)

// handoverBefore reports a handover in s that ends before i: a guess or
// a doubt after it ("…, she'll probably be pinging you a lot") is of
// what follows, not of the handover.
func handoverBefore(s, lang string, i int) bool {
	h, ok := handoverOf(s, lang)
	return ok && h.end <= i
}

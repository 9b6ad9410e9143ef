package hear

import (
	"regexp"
	"strings"
)

// Task chatter: what people say about the work in front of them in the
// shapes of a statement ("the web CI broke after the bump", "ich soll eine
// neue Variable einbauen", "設定ファイルにコメントを足しておいてください",
// "need a CSV export for finance"). None of it is memory. These cues sit
// beside the lexicon's: each names one way a clause is tied to the task or
// the moment rather than to the project.

// reTaskMore are words that tie a clause to the task at hand, besides the
// lexicon's task words: a request made for now (Japanese "〜ておいて",
// "〜も追加して", Chinese "帮我"), the thing being worked on ("the new
// X", "the ticket", "the repro").
var reTaskMore = map[string]*regexp.Regexp{
	En: wordsRe(`the [\w'-]+ thing`, `needs (?:updating|fixing|a fix|a rewrite|to be (?:updated|fixed|rewritten))`, `repro`, `reproduce`, `the issue`, `the ticket`, `this ticket`, `customer ticket`, `stack ?trace`, `the error`, `the new`, `for the [\w-]+ people`, `don't change anything`, `do not change anything`, `don't touch anything yet`, `just so you`, `i'm (?:off|out|away)`, `ooo`, `out of (?:the )?office`, `don't apply anything`),
	De: wordsRe(`die neue`, `der neue`, `das neue`, `eine neue`, `einen neuen`, `ein neues`, `einbauen`, `ticket`, `das ticket`, `den fehler`, `stacktrace`, `ändere (?:noch )?nichts`, `nichts ändern`, `nur damit`),
	Es: wordsRe(`el nuevo`, `la nueva`, `un nuevo`, `una nueva`, `el ticket`, `el error`, `añade`, `agrega`, `no cambies nada`, `sin cambiar nada`, `(?:solo |sólo )?para que (?:lo |la )?veas`),
	Fr: wordsRe(`le nouveau`, `(?:nous devons|on doit|il faut|faut) (?:corriger|réparer|fixer|régler|déboguer|débugger)`, `la nouvelle`, `un nouveau`, `une nouvelle`, `le ticket`, `l'erreur`, `ajoute`, `ne change rien`, `ne touche à rien`, `juste pour que`),
	Zh: anyRe(`帮我`, `改成可配置`, `写死了`, `帮忙`, `麻烦你`, `麻烦`, `顺手`, `加一下`, `加个`, `改下`, `弄一下`, `处理一下`, `新的`, `这次的`, `什么都别改`, `先别改`, `复现`),
	Ja: anyRe(`ておいて`, `(?:直して|修正して|作って|追加して|実装して|対応して)(?:ほしい|欲しい|もらえ)`, `も合わせて`, `でおいて`, `といて`, `どいて`, `を足して`, `を追加して`, `も追加して`, `も直して`, `も更新して`, `対応して`, `見てほしい`, `直したい`, `調べてほしい`, `再現`, `チケット(?:[^番]|$)`, `今すぐ`, `何も変えないで`),
}

// reProblem is a problem reported about the current state of things: it
// broke, keeps failing, sends duplicates. A state, not a fact.
var reProblem = map[string]*regexp.Regexp{
	En: wordsRe(`suddenly`, `all of a sudden`, `out of nowhere`, `(?:is|are) (?:still |now |totally |completely )?broken`, `(?:has|have) a broken`, `since the last (?:[\w-]+ )?(?:update|deploy|release|upgrade|merge|bump)`, `can(?:'t|not) (?:find|load|open|read|reach|resolve)`, `(?:shows? up|appears?|fires?|triggers?|runs?|gets? (?:called|sent)) twice`, `drops? (?:samples|packets|frames|events|messages|requests|connections)`, `(?:is|are) the (?:usual )?(?:suspect|culprit)`, `spikes?`, `spiking`, `broke`, `breaks`, `(?:are|is) off by`, `returns? (?:an? )?(?:http )?[45]\d\d`, `(?:doesn't|does not|don't|won't) (?:find|match|load|show|save|render|work)`, `keeps? (?:getting|failing|crashing|timing out|dying|returning|throwing|sending|showing|hanging|flaking)`, `sends? (?:duplicates?|the wrong|wrong|twice|two)`, `(?:returns?|shows?|gives?) (?:the )?(?:wrong|stale|duplicate|bad|garbage|empty)`, `throws?`, `oom-?killed`, `regressed`, `leaks?`, `is leaking`, `(?:is|are) (?:not|no longer) (?:working|loading|starting|building|passing|deploying)`, `stopped working`, `(?:is|are) having (?:an? )?(?:outage|incident|issues|problems|trouble)`, `outage`, `can't connect`, `cannot connect`, `won't start`, `won't build`),
	De: wordsRe(`auf einmal`, `plötzlich`, `im keller`, `eingebrochen`, `nur noch \d+ ?(?:prozent|%)`, `geht kaputt`, `ging kaputt`, `kaputt gegangen`, `wirft .{0,25}(?:fehler|exceptions?|errors?)`, `liefert (?:falsche|doppelte|leere)`, `schickt (?:doppelte|zweimal)`, `hat einen bug`, `ist buggy`, `läuft nicht`, `startet nicht`, `baut nicht`),
	Es: wordsRe(`de repente`, `de golpe`, `se rompe`, `se rompió`, `tira (?:un )?error`, `lanza (?:un )?error`, `devuelve (?:mal|datos mal|duplicados)`, `manda (?:duplicados|dos veces)`, `no arranca`, `no compila`, `no conecta`),
	Fr: wordsRe(`tout à coup`, `décroche(?:nt)?(?: plusieurs fois| souvent| régulièrement| la nuit)`, `d'un coup`, `soudain`, `ne trouve (?:pas|plus)`, `deux fois`, `reste cliquable`, `renvoie (?:une )?(?:erreur|500|404)`, `plante`, `a planté`, `est cassée?`, `sont cassés`, `échoue`, `échouent`, `ne marche (?:pas|plus)`, `ne fonctionne (?:pas|plus)`, `renvoie (?:une erreur|des doublons|n'importe quoi)`, `envoie (?:des doublons|deux fois)`, `ne démarre pas`, `ne compile pas`),
	Zh: anyRe(`突然`, `(?:老是|总是|一直).{0,12}(?:失败|报错|崩|挂|卡)`, `不工作`, `不生效`, `跑挂`, `炸了`, `重复发`, `发了两次`, `连不上`, `起不来`, `编译不过`, `一直失败`, `老是失败`, `(?:出了|报了|冒出)(?:几个|一些|好多|很多|一堆|个)?\s*(?:(?i:warnings?|errors?)|报错|错误|警告|问题|bug)`),
	Ja: anyRe(`急に`, `突然`, `やばい`, `ヤバい`, `落ちます`, `重い`, `ずれる`, `ずれて`, `カクつ`, `出ています`, `表示されない`, `落ちる`, `落ちた`, `失敗する`, `重複して`, `二重に`, `つながらない`, `繋がらない`, `起動しない`, `ビルドできない`, `エラーになる`, `エラーになり`, `バグって`),
}

// reCurious says the user asks out of curiosity: a question, whatever
// its shape ("nur neugierig", "just curious").
var reCurious = map[string]*regexp.Regexp{
	En: wordsRe(`just curious`, `out of curiosity`, `curious`, `curiosity`, `just wondering`, `(?:i've|i have) always wondered`, `just a question`),
	De: wordsRe(`neugierig`, `aus neugier`, `reine neugier`, `interessehalber`, `(?:hab|habe) mich (?:schon immer )?gefragt`, `nur eine frage`),
	Es: wordsRe(`por curiosidad`, `curiosidad`, `simple curiosidad`, `solo pregunto`, `sólo pregunto`, `(?:solo |sólo )?es una duda`, `siempre me he preguntado`),
	Fr: wordsRe(`par curiosité`, `curiosité`, `curieux`, `curieuse`, `je demande juste`, `je me (?:suis )?(?:toujours )?demandé`, `juste une question`),
	Zh: anyRe(`好奇`, `就是问问`, `只是问问`, `随便问问`, `随口一问`),
	Ja: anyRe(`気になっただけ`, `聞いてみただけ`, `聞いただけ`, `ただの質問`, `気になって`, `興味本位`, `ちょっと気になる`),
}

// reTagQuestion ends a statement with a request to confirm it: a
// question ("…你应该问我，对吧", "…ですよね").
var reTagQuestion = map[string]*regexp.Regexp{
	Zh: anyRe(`对吧[。！？?]*$`, `是吧[。！？?]*$`, `对不对`, `没错吧`),
	Ja: anyRe(`よね[。？?]*$`, `でしょ[。？?]*$`, `だっけ[。？?]*$`),
}

// reTaskLead opens a clause that leans on what came before or states a
// purpose: "so that", "damit", "dafür", "para que", "pour que", "为了".
// A modal after it is about the task ("damit du siehst wo das rein muss").
var reTaskLead = map[string]*regexp.Regexp{
	En: leadRe(`so that`, `so`, `because`, `since`, `for that`, `for this`, `to do that`, `that way`, `then`),
	De: leadRe(`damit`, `dafür`, `dazu`, `deshalb`, `deswegen`, `dann`, `danach`, `davor`, `sodass`, `so dass`, `weil`, `da`, `wo`),
	Es: leadRe(`para que`, `para eso`, `por eso`, `porque`, `ya que`, `entonces`, `luego`),
	Fr: leadRe(`pour que`, `pour ça`, `pour cela`, `parce que`, `puisque`, `du coup`, `ensuite`, `alors`),
	Zh: anyRe(`^(?:为了|为此|所以|因为|然后|那就|这样)`),
	Ja: anyRe(`^(?:そのため|そのために|だから|なので|それで|そうすれば)`),
}

// reFollowsFrom opens a clause that follows from the one before it: a
// consequence or a reason.
var reFollowsFrom = regexp.MustCompile(`(?i)^\s*(?:so|so that|hence|therefore|because|since|otherwise|before|until|donc|alors|sinon|car|parce que|avant de|avant que|deshalb|daher|deswegen|sonst|weil|denn|bevor|ehe|así que|entonces|por eso|porque|si no|de lo contrario)\b|^\s*(?:所以|因此|因为|不然|否则|要不然|だから|なので|そのため|でないと|さもないと)`)

// FollowsFrom reports a clause that follows from the one before it, a
// consequence, a reason or a condition ("donc …", "所以 …", "bevor …"):
// without that clause it says nothing. Unlike reTaskLead, it is read on a
// claim's clauses, not to tell a task.
func FollowsFrom(clause string) bool { return reFollowsFrom.MatchString(clause) }

// reSelfModal is the speaker's own obligation, a task of theirs: "ich
// soll …", "I need to …", "tengo que …", "我得…".
var reSelfModal = map[string]*regexp.Regexp{
	En: leadRe(`i (?:need|have|had|must|should|gotta|got to|ought)`, `i'll need`, `i'd need`),
	De: leadRe(`ich (?:soll|sollte|muss|müsste|brauche|darf)`, `wir (?:sollen|sollten|müssen|müssten) (?:jetzt|heute|noch|erst|erstmal|als nächstes)`),
	Es: leadRe(`(?:yo )?(?:tengo que|necesito|debo|debería|he de)`),
	Fr: leadRe(`(?:je dois|je devrais|il faut que je|j'ai besoin)`),
	Zh: anyRe(`^我(?:要|得|需要|应该|必须)`),
	Ja: anyRe(`^(?:私|僕|俺)(?:は|が).{0,20}(?:なければ|ないと)`),
}

// taskChatter reports a clause tied to the task at hand by reTaskMore.
func taskChatter(s, lang string) bool {
	if citesTicket(s) {
		return true
	}
	if reNewIsValue.MatchString(s) {
		// "the new runtime is 15.4 LTS": what is current now, not the
		// thing the task adds.
		return false
	}
	re := reTaskMore[lang]
	if loc := reReasonTail.FindStringIndex(s); loc != nil && loc[0] > 0 {
		// "… on Tuesdays now since the new bakery took over": the reason
		// a thing changed names no thing the task adds.
		s = s[:loc[0]]
	}
	return re != nil && re.MatchString(s)
}

// reReasonTail is the reason a clause gives for what it says, to its end:
// "… since the new bakery took over", "… weil der neue Lieferant …",
// "… porque el nuevo …", "… parce que le nouveau …".
var reReasonTail = regexp.MustCompile(`(?i)\s(?:since|because|as|weil|da|porque|ya que|parce que|car|puisque)\s.*$`)

// reNewIsValue says what the new one of a thing is, or is called: a
// change, in the shape of the task's "the new X".
var reNewIsValue = regexp.MustCompile(`(?i)^(?:the |our )?new [\w\s-]{2,30}? (?:is|are) (?:now |called )?\S|^(?:der|die|das) neue [\p{L}\s-]{2,30}? (?:ist|sind|heißt|heißen) \S|^(?:el|la) nuev[oa] [\p{L}\s-]{2,30}? (?:es|se llama) \S|^(?:le|la) nouve(?:au|lle) [\p{L}\s-]{2,30}? (?:est|s'appelle) \S|^新的.{1,12}(?:是|叫)`)

// problemReport reports a clause that says something is broken now.
func problemReport(s, lang string) bool {
	re := reProblem[lang]
	return re != nil && re.MatchString(s)
}

// curiousOrTag reports a question in the shape of a statement.
func curiousOrTag(s, lang string) bool {
	if re := reCurious[lang]; re != nil && re.MatchString(s) {
		return true
	}
	re := reTagQuestion[lang]
	return re != nil && re.MatchString(s)
}

// weakModal reports a clause whose only cue is a modal and that reads as
// the task's: the speaker's own obligation, a purpose or a lean on what
// came before, no subject before the modal ("need a CSV export …",
// "should be behind a flag"), or too short to state a rule.
func weakModal(s, lang string, lx *lexicon) bool {
	if re := reSelfModal[lang]; re != nil && re.MatchString(s) {
		return true
	}
	if re := reTaskLead[lang]; re != nil && re.MatchString(s) {
		return true
	}
	if cjk(lang) {
		return false
	}
	if len(strings.Fields(s)) < 3 {
		return true
	}
	loc := lx.modal.FindStringIndex(s)
	return loc != nil && strings.TrimSpace(s[:loc[0]]) == ""
}

// aboutTask reports a sentence about the task or the moment, in any of
// the shapes above: it does not elaborate an answer before it.
func aboutTask(s, lang string, lx *lexicon) bool {
	if taskish(s, lang, lx) || taskChatter(s, lang) || problemReport(s, lang) || curiousOrTag(s, lang) || introducesPaste(s) {
		return true
	}
	for _, m := range []map[string]*regexp.Regexp{reTaskLead, reSelfModal} {
		if re := m[lang]; re != nil && re.MatchString(s) {
			return true
		}
	}
	return false
}

// introducesPaste reports a clause that ends in a colon, or a Japanese
// topic lead-in ("PR の説明ですが"): it introduces what follows (a log, a
// diff, a question), and says nothing itself.
func introducesPaste(raw string) bool {
	t := strings.TrimSpace(raw)
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：") || reJaLeadIn.MatchString(t)
}

var reJaLeadIn = regexp.MustCompile(`(?:ですが|のですが|んですが|なんですけど|ですけど)[、,。]?$`)

// reForNow limits a statement to the present without tying it to a task
// ("for now", "de momento", "vorerst", "暂时"): an owner or reviewer named
// "for now" is the team's arrangement until someone says otherwise.
var reForNow = map[string]*regexp.Regexp{
	En: wordsRe(`for now`, `for the time being`, `at the moment`, `until further notice`, `currently`, `right now`),
	De: wordsRe(`vorerst`, `vorläufig`, `bis auf weiteres`, `im moment`, `derzeit`, `zurzeit`, `aktuell`, `für den moment`),
	Es: wordsRe(`de momento`, `por ahora`, `por el momento`, `actualmente`, `hasta nuevo aviso`, `ahora mismo`),
	Fr: wordsRe(`pour l'instant`, `pour le moment`, `en ce moment`, `actuellement`, `jusqu'à nouvel ordre`),
	Zh: anyRe(`暂时`, `目前`, `眼下`, `现阶段`),
	Ja: anyRe(`当面`, `しばらく`, `現在`, `今は`, `いまは`),
}

// standingForNow reports a team fact limited only "for now": kept, since
// it holds until changed ("de momento las revisa Carmen").
func standingForNow(s, lang string, lx *lexicon) bool {
	re := reForNow[lang]
	if re == nil || !re.MatchString(s) {
		return false
	}
	rest := re.ReplaceAllString(s, " ")
	if lx.oneOff.MatchString(rest) {
		return false
	}
	// "ahora mismo la lista de espera es de unos 14 meses": how long
	// something takes at present is a value that holds until it changes.
	return lx.team.MatchString(rest) && hasOwner(rest, lang, lx) ||
		reCountedSpan.MatchString(rest) && factShape(rest, lang, lx) && !lx.state.MatchString(rest)
}

// reCountedSpan is a span of time counted in digits: "14 meses", "3 weeks".
var reCountedSpan = regexp.MustCompile(`(?i)\b\d+(?:[.,]\d+)?\s*(?:` + spanUnits + `)\b`)

// reDeicticThing points at a thing in the conversation ("this", "esto");
// unlike reDeictic it leaves out "now", which in a statement of fact says
// the value changed ("los deploys ahora los hace el bot").
var reDeicticThing = map[string]*regexp.Regexp{
	En: wordsRe(`this`, `that`, `these`, `those`, `it`, `them`, `here`),
	De: wordsRe(`das hier`, `dies`, `diese[snmr]?`, `es`),
	Es: wordsRe(`esto`, `eso`, `este`, `esta`, `estos`, `estas`),
	Fr: wordsRe(`ça`, `ceci`, `cela`, `ce`, `cette`, `ces`),
	Zh: anyRe(`这个`, `那个`, `这些`, `这里`),
	Ja: anyRe(`これ`, `それ`, `この`, `その`),
}

func deicticThing(s, lang string) bool {
	re := reDeicticThing[lang]
	return re != nil && re.MatchString(s)
}

// reTicket is a tracker reference ("HBR-412", "チケット KMB-734"): a
// statement that cites one is about that ticket's work. Standards and
// encodings that look alike are not tickets.
var reTicket = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_-])([A-Z][A-Z0-9]{1,9})-\d{1,6}(?:$|[^\p{L}\p{N}_-])`)

var notTickets = set("ISO", "UTF", "RFC", "SHA", "AES", "RSA", "TLS", "SSL", "HTTP", "PEP", "ES", "ECMA", "IEEE", "GPL", "LGPL", "AGPL", "MIT", "BSD", "UTC", "GMT", "CET", "CEST", "PST", "PDT", "EST", "EDT", "JST", "IPV", "MD", "CRC", "EC", "X", "CVE", "GHSA", "JDK", "JSR", "OWASP", "PCI", "SOC", "TPM", "FIPS", "WCAG", "ARM", "MP", "VP", "AV", "H", "PG", "PY", "NODE", "GO", "JAVA", "ECS", "EKS", "GKE", "AKS", "DR", "ZONE", "AZ", "US", "EU", "AP", "SA", "CA", "ME", "AF", "IL", "MX", "CN")

// citesTicket reports a clause that names a tracker ticket.
func citesTicket(s string) bool {
	for _, m := range reTicket.FindAllStringSubmatch(s, -1) {
		if !notTickets[m[1]] {
			return true
		}
	}
	return false
}

// reDeferral puts a proposal off: no answer, no agreement ("let me think
// about it", "再说吧", "考えておきます").
var reDeferral = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:not now|not yet|maybe later|later|let me think|i'll think about it|we'll see|let's see|not sure|no rush|not urgent|some other time|hmm|später|nicht jetzt|mal sehen|überleg ich mir|más adelante|ahora no|ya veremos|lo pienso|no sé|plus tard|pas maintenant|on verra|je ne sais pas|faut voir|je vais y réfléchir|no idea|no clue|dunno|keine ahnung|weiß ich nicht|ni idea|ni puta idea|aucune idée|aucune idee|pas la moindre idée)(?:$|[^\p{L}])|不知道|不清楚|わかりません|分かりません|知りません|再说|不急|以后再|回头再|先不|考えておきます|考えます|また今度|後で|今はいい|うーん`)

// deferral reports a reply that puts the question or proposal off.
func deferral(s string) bool {
	return reDeferral.MatchString(s)
}

// rePastEvent dates what it says to a moment just past ("last week's
// refactor deleted X", "上周重构把 X 删了"): an event, not a standing fact,
// unless it says what changed (an update).
var rePastEvent = map[string]*regexp.Regexp{
	En: wordsRe(`yesterday`, `last week`, `last night`, `earlier today`, `this morning`, `just now`, `a minute ago`, `an hour ago`),
	De: wordsRe(`gestern`, `letzte woche`, `vorhin`, `heute morgen`, `eben`),
	Es: wordsRe(`ayer`, `la semana pasada`, `esta mañana`, `hace un rato`),
	Fr: wordsRe(`hier`, `la semaine dernière`, `ce matin`, `tout à l'heure`),
	Zh: anyRe(`昨天`, `上周`, `刚才`, `前天`, `今天早上`, `上礼拜`),
	Ja: anyRe(`昨日`, `先週`, `さっき`, `先ほど`, `今朝`),
}

// pastEvent reports a clause dated to a moment just past.
func pastEvent(s, lang string) bool {
	re := rePastEvent[lang]
	return re != nil && re.MatchString(s) && !reSince.MatchString(s)
}

// reSince dates a state from a moment on ("we're on incident.io since last
// week"): a change that holds, not an event.
var reSince = regexp.MustCompile(`(?i)\b(?:since|seit|desde|depuis|as of|ab)\b|从.{0,4}(?:开始|起)|以来|から`)

// reAgreeTag ends a statement by asking the agent to go along with it
// (", ok?", ", ¿vale?", "，好吗？"), unlike a tag that asks whether it is
// true (", right?", "…对吧").
var reAgreeTag = regexp.MustCompile(`(?i)(?:,|，|、)\s*(?:¿\s*)?(?:ok|okay|alright|all right|deal|yes|vale|de acuerdo|sí|d'accord|ok|ja|einverstanden|好吗|可以吗|行吗|好不好|いいですか|いい|よろしい(?:です)?か)\s*[?？]\s*$`)

// reRelatedTag is a hedge closing a clause that wonders whether what it
// says explains a problem ("Celery passe par RabbitMQ maintenant, c'est
// peut-être lié"): it doubts the link, not the fact.
var reRelatedTag = regexp.MustCompile(`(?i)(?:,|，|、|\s[-–—])\s*(?:(?:(?:that|this|it) )?(?:maybe|might|could|may)(?: be)?(?: (?:that's|it's|this is))? (?:related|connected|the cause|why|linked)|(?:not sure|no idea|dunno) (?:if|whether) (?:that's |it's |this is )?(?:related|connected|relevant)|c'est peut-être (?:lié|la cause|pour ça|ça)|peut-être que c'est lié|ça a peut-être un rapport|je ne sais pas si c'est lié|vielleicht (?:hängt das (?:damit )?zusammen|hat das damit zu tun|liegt es daran)|keine ahnung,? ob das zusammenhängt|(?:quizás|quizá|igual|a lo mejor|puede que|tal vez) (?:tenga que ver|esté relacionado|sea eso|sea por eso)|no sé si tiene que ver)\s*[.!]?\s*$|(?:，|,)?\s*(?:不知道(?:有没有|是不是)(?:关系|相关)|可能(?:有关系|跟这个有关|相关))[。.]?\s*$|(?:、)?\s*関係(?:ある|あるか)(?:かも(?:しれません)?|わかりませんが)[。.]?\s*$`)

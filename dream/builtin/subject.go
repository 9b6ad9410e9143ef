package builtin

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Subjects across phrasings. Two statements are about the same subject
// when their subjects share enough terms: the content words of each,
// lower-cased and lightly stemmed (CJK text as character bigrams, since it
// has no spaces). Matching is conservative, since a wrong merge loses a
// fact: one-word subjects match only the same word, longer ones need half
// their terms in common (Jaccard) or one to hold all of the other's terms
// with two or more of them; a tie between two candidates matches neither.

// redactedMark is the marker redaction leaves in evidence.
var redactedMark = regexp.MustCompile(`\[REDACTED[^\]]*\]`)

// termStop are words that carry no subject: articles, pronouns,
// prepositions and the like, in the languages memfs hears.
var termStop = setOf(
	// en
	"the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "at", "by", "with", "from", "as", "into",
	"is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "there",
	"we", "our", "us", "i", "my", "me", "you", "your", "they", "their", "he", "his", "she", "her",
	"user", "users", "user's", "said", "says", "now", "also", "all", "any", "which", "what", "who",
	"team's", "project's", "s",
	// de
	"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "und", "oder", "ist", "sind",
	"wir", "unser", "unsere", "unseren", "im", "in", "zu", "zum", "zur", "von", "vom", "mit", "für", "auf",
	"am", "an", "beim", "bei",
	// es
	"el", "la", "los", "las", "un", "una", "y", "o", "es", "son", "de", "del", "en", "para", "por", "con",
	"nuestro", "nuestra", "nuestros", "nuestras", "al", "lo",
	// fr
	"le", "les", "une", "et", "ou", "est", "sont", "du", "des", "au", "aux", "pour", "par", "avec",
	"notre", "nos", "nous", "l", "d", "dans", "sur", "à",
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// isCJK reports a rune of a script written without spaces between words.
func isCJK(r rune) bool {
	// The long vowel mark ("ユーザー") and the iteration mark ("人々") are
	// of no script of their own, but of the word they are written in.
	return r >= 0x1100 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー' || r == '々' || r == 'ｰ')
}

// terms returns the distinct subject terms of s, in order.
func terms(s string) []string {
	var out []string
	for t := range termWords(s) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// termWords yields each term of s with the word it stems from (the same
// for CJK bigrams), in order, repeats included.
func termWords(s string) func(yield func(term, word string) bool) {
	return func(yield func(term, word string) bool) {
		stop := false
		add := func(t, w string) {
			if t != "" && !stop && !yield(t, w) {
				stop = true
			}
		}
		splitTerms(s, add)
	}
}

// elided is a French word without the article or pronoun elided onto it
// ("l'audit" is "audit", "qu'il" is "il").
func elided(w string) string {
	for _, p := range []string{"qu'", "l'", "d'", "j'", "n'", "s'", "c'", "m'", "t'", "qu’", "l’", "d’", "j’", "n’", "s’", "c’", "m’", "t’"} {
		if len(w) > len(p)+1 && strings.HasPrefix(w, p) {
			return w[len(p):]
		}
	}
	return w
}

// splitTerms calls add with each term of s and its word.
func splitTerms(s string, add func(term, word string)) {
	if strings.Contains(s, "[REDACTED") {
		s = redactedMark.ReplaceAllString(s, " ")
	}
	var word []rune
	var cjk []rune
	addWord := func(w string) {
		w = strings.Trim(w, "-'._")
		// "the lift's out": the lift, not "lift'".
		w = strings.TrimSuffix(w, "'s")
		w = elided(w)
		if !termStop[w] && (len(w) > 1 || w >= "0" && w <= "9") {
			if c, ok := termCanon[w]; ok {
				add(c, w)
			} else {
				add(canonTerm(stemTerm(w)), w)
			}
		}
	}
	flushWord := func() {
		if len(word) > 0 {
			// "tw-alerts-legacy." at a sentence's end is "tw-alerts-legacy".
			w := strings.Trim(strings.ToLower(string(word)), "-'._")
			if c, ok := termCanon[w]; ok {
				// "pre-prod" is staging, not "pre" and "prod".
				add(c, w)
			} else if parts := strings.Split(w, "-"); len(parts) > 1 && lettersOnly(parts) {
				// "rebase-before-merge" is its words; "us-east-2" a value.
				for _, p := range parts {
					addWord(p)
				}
			} else if versioned(w) {
				// "payments.authorized.v2" is also of its name, which
				// its next version shares.
				addWord(w)
				addWord(w[:reVersionedName.FindStringSubmatchIndex(w)[2]-1])
			} else {
				addWord(w)
			}
			word = word[:0]
		}
	}
	flushCJK := func() {
		switch {
		case len(cjk) == 1:
			add(string(cjk), string(cjk))
		case len(cjk) > 1:
			for i := 0; i+1 < len(cjk); i++ {
				add(canonTerm(string(cjk[i:i+2])), string(cjk[i:i+2]))
			}
		}
		cjk = cjk[:0]
	}
	for _, r := range s {
		switch {
		case isCJK(r):
			flushWord()
			cjk = append(cjk, r)
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '\'' || r == '-' || r == '.' || r == '_'),
			r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			flushCJK()
			word = append(word, r)
		default:
			flushWord()
			flushCJK()
		}
	}
	flushWord()
	flushCJK()
}

func lettersOnly(parts []string) bool {
	for _, p := range parts {
		if len(p) < 2 {
			return false
		}
		for _, r := range p {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return true
}

// stemTerm strips an English plural or verb ending and a final "e", so
// "images", "image", "merging" and "merged" meet their stem. It is
// deliberately light (a wrong stem merges two subjects): it never leaves
// fewer than four letters, and leaves words with digits or dots alone.
func stemTerm(w string) string {
	if strings.ContainsAny(w, "0123456789.") || len(w) <= 3 {
		return w
	}
	cut := func(suffix, repl string) (string, bool) {
		if s, ok := strings.CutSuffix(w, suffix); ok && len(s) >= 4-len(repl) && len(s+repl) >= 4 {
			return s + repl, true
		}
		return w, false
	}
	for _, r := range []struct{ suffix, repl string }{
		{"ies", "y"}, {"sses", "ss"}, {"shes", "sh"}, {"ches", "ch"}, {"xes", "x"}, {"ing", ""}, {"ed", ""},
	} {
		if s, ok := cut(r.suffix, r.repl); ok {
			w = s
			break
		}
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && len(w) > 4 {
		w = w[:len(w)-1]
	}
	if strings.HasSuffix(w, "e") && len(w) > 4 {
		w = w[:len(w)-1]
	}
	return w
}

// termSynonyms names a thing's usual spellings, stemmed (see stemTerm),
// across the languages memfs hears and the common abbreviations: each
// group's first spelling is the term all of them stand for, so "prod" is
// "production" and "Produktion", "DB" is "database" and "Datenbank", "CI"
// is "pipeline". Only words that name the same thing in every use belong
// here (a wrong synonym merges two subjects).
var termSynonyms = [][]string{
	{"prod", "production", "produktion", "producción", "produccion", "prd", "生产", "本番"},
	{"stag", "stg", "pre-prod", "preprod", "预发"},
	{"db", "database", "datenbank", "bdd", "数据库", "postgres", "postgresql"},
	{"ci", "pipelin", "pipelines"},
	{"repo", "repository", "repositorio", "dépôt"},
	{"env", "environment", "entorno", "umgebung", "environnement", "环境", "環境"},
	{"kubernet", "k8s"},
	{"config", "configuration", "konfiguration", "configuración"},
	{"auth", "authentication", "authentifizierung", "autenticación", "authentification"},
	{"docs", "doc", "documentation", "dokumentation", "documentación"},
	{"imag", "imagen", "镜像"},
	{"queu", "cola", "warteschlange", "队列"},
	{"region", "región", "région", "区域"},
	{"version", "versión", "版本"},
	{"approv", "approval", "approver", "freigabe", "aprobación", "approbation", "审批"},
	{"owner", "owns", "owned", "ownership", "dueño", "propriétaire", "负责"},
	{"review", "reviewer", "reviews", "reviewed", "reviewing", "revisión", "revisa", "revisar", "revue"},
	{"deploy", "deployment", "deployen", "deploys", "deployed", "deploying", "deployt", "despliegue", "despliegues", "despliega", "despliegan", "desplegar", "desplegamos", "déploiement", "déploiements", "déploie", "déploient", "déployer"},
	{"pr", "prs"},
	{"secret", "secreto", "secretos", "geheimnis", "密钥"},
	{"key", "keys", "clé", "clés", "clef", "clefs", "clave", "claves", "schlüssel"},
	{"screenshot", "screenshots", "captura", "capturas", "capture", "captures", "bildschirmfoto", "截图", "スクショ", "スクリーンショット"},
	{"external", "outside", "extern", "externe", "externen", "externo", "externos", "externa", "外部"},
	{"test", "tests", "prueba", "pruebas", "测试"},
	{"releas", "release", "releases", "lanzamiento", "发布"},
	// Things a project sets and changes, as the six languages name them,
	// so that a change said in another language than the fact meets it
	// ("阈值改成 0.72" and "threshold 0.60"). CJK words here are of two
	// characters: longer ones are read as overlapping pairs.
	{"threshold", "thresholds", "schwelle", "schwellwert", "schwellenwert", "umbral", "umbrales", "seuil", "seuils", "阈值", "閾値"},
	{"interval", "intervals", "intervall", "intervalle", "intervalo", "intervalos", "间隔", "間隔"},
	{"schedul", "schedule", "schedules", "zeitplan", "planificación", "planificacion", "cronograma", "排期"},
	{"limit", "limits", "limite", "límite", "límites", "limites", "grenze", "zeitlimit", "上限", "制限", "限制"},
	{"timeout", "timeouts", "超时"},
	{"date", "dates", "fecha", "fechas", "datum", "日期", "日付"},
	{"sync", "syncs", "synced", "syncing", "synchronis", "synchroniz", "synchronisation", "synchronization", "synchronisiert", "synchronisieren", "synchronisierung", "synchroniser", "synchronisé", "sincronización", "sincronizar", "sincroniza", "sincronizamos"},
	{"sampl", "sample", "samples", "sampling", "échantillonnage", "échantillonne", "échantillonnons", "échantillonner", "muestreo", "muestrea", "muestreamos", "abtastung", "abtastrate", "采样", "サンプリング"},
	{"backup", "backups", "sicherung", "sicherungen", "datensicherung", "sauvegarde", "sauvegardes", "respaldo", "respaldos", "备份"},
	{"deadline", "deadlines", "frist", "plazo", "échéance", "截止", "締切"},
	{"budget", "budgets", "presupuesto", "预算", "予算"},
	// a freeze and how often a thing is polled, in the six languages;
	// English "frozen" and "held" are no stems of "freeze" and "hold"
	{"freez", "freeze", "freezes", "frozen", "froze", "einfrieren", "eingefroren", "freeze-phase", "congelado", "congelada", "congelación", "gel", "gelé", "gelée", "冻结", "封版", "凍結"},
	{"poll", "polls", "polling", "polled", "scrutation", "abfrage", "polling-intervall", "sondeo", "轮询", "ポーリング"},
	{"hold", "holds", "held", "holding"},
	{"price", "prices", "preis", "preise", "precio", "precios", "prix", "价格", "価格", "料金"},
	{"temperatur", "temperature", "temperaturen", "température", "temperatura", "温度"},
	{"retention", "aufbewahrung", "rétention", "retención", "保留"},
	{"port", "ports", "puerto", "puertos", "端口"},
	{"branch", "branches", "rama", "ramas", "branche", "zweig", "分支"},
	{"warn", "warning", "warnings", "warnung", "warnungen", "avertissement", "avertissements", "advertencia", "advertencias", "警告"},
	{"meeting", "meetings", "réunion", "réunions", "reunión", "reuniones", "besprechung", "会议", "会議"},
	{"invoic", "invoice", "invoices", "rechnung", "rechnungen", "factura", "facturas", "facture", "factures", "发票"},
	{"customer", "customers", "kunde", "kunden", "客户", "顾客", "顧客"},
	{"password", "passwords", "passwort", "kennwort", "contraseña", "contraseñas", "密码"},
	{"languag", "language", "languages", "sprache", "idioma", "langue", "语言", "言語"},
	{"dependency", "dependencies", "abhängigkeit", "abhängigkeiten", "dependencia", "dependencias", "dépendance", "dépendances", "依赖"},
	{"alert", "alerts", "alerta", "alertas", "alerte", "alertes", "告警", "警报"},
	{"notification", "notifications", "benachrichtigung", "benachrichtigungen", "notificación", "notificaciones", "通知"},
	{"rotation", "rotat", "rotate", "rotación", "轮换"},
	{"report", "reports", "bericht", "berichte", "rapport", "rapports", "informe", "informes", "报告", "报表"},
	{"certificat", "certificate", "certificates", "zertifikat", "zertifikate", "certificado", "certificados", "certificats", "证书"},
	{"timezon", "timezone", "zeitzone", "时区"},
	{"currency", "währung", "moneda", "货币", "通貨"},
	{"replica", "replicas", "réplica", "réplicas", "réplique", "répliques", "副本"},
	{"coverag", "coverage", "abdeckung", "cobertura", "couverture"},
	{"oncall", "on-call", "bereitschaft", "rufbereitschaft", "astreinte", "guardia", "值班", "当番"},
	{"contact", "ansprechpartner", "ansprechpartnerin", "contacto", "interlocuteur", "interlocutrice", "对接", "联系", "窓口"},
	{"host", "hosts", "hostname", "主机", "ホスト", "hôte"},
	// What counts count, so that "8 retries" meets "5 reintentos".
	{"retry", "retries", "reintento", "reintentos", "wiederholung", "wiederholungen", "重试"},
	{"bottl", "bottle", "bottles", "flasche", "flaschen", "botella", "botellas", "bouteille", "bouteilles"},
	{"seat", "seats", "sitzplatz", "sitzplätze", "asiento", "asientos", "座位", "座席"},
	{"frame", "frames", "fotograma", "fotogramas"},
	{"request", "requests", "anfrage", "anfragen", "petición", "peticiones", "requête", "requêtes", "请求"},
	{"connection", "connections", "verbindung", "verbindungen", "conexión", "conexiones", "connexion", "connexions", "连接"},
	{"minut", "min", "mins", "minute", "minutes", "minuto", "minutos", "minuten", "分钟"},
	{"hour", "hours", "hr", "hrs", "stunde", "stunden", "hora", "horas", "heure", "heures", "小时", "時間"},
	// Things a small business counts, charges and hands over, so that a
	// change said in another language meets its fact ("每箱 20 扎" and "18
	// bunches per box", "drei Kühlwagen" and "four trucks").
	{"box", "boxes", "karton", "kartons", "kiste", "kisten", "boîte", "boîtes", "carton", "cartons", "箱"},
	{"bunch", "bunches", "bündel", "ramo", "ramos", "botte", "bottes", "扎"},
	{"truck", "trucks", "lorry", "lorries", "lkw", "lastwagen", "camión", "camiones", "camion", "camions", "货车", "卡车", "トラック"},
	{"group", "groups", "gruppe", "gruppen", "grupo", "grupos", "groupe", "groupes", "小组", "グループ"},
	{"commission", "commissions", "comisión", "comisiones", "佣金", "手数料"},
	{"fee", "fees", "gebühr", "gebühren", "tarifa", "tarifas", "费用", "手续费"},
	{"deposit", "deposits", "anzahlung", "kaution", "depósito", "fianza", "acompte", "arrhes", "定金", "押金", "デポジット", "内金"},
	{"minimum", "mindest", "mindestbestand", "mindestmenge", "mínimo", "mínima", "最低", "最少"},
	{"maximum", "höchst", "maximal", "máximo", "máxima", "最多", "最大"},
	{"delivery", "deliveries", "lieferung", "lieferungen", "entrega", "entregas", "livraison", "livraisons", "配送", "送货", "配達"},
	{"shipping", "versand", "envío", "envíos", "expédition", "发货", "出荷"},
	{"token", "tokens", "令牌", "トークン"},
	{"student", "students", "schüler", "alumno", "alumnos", "alumna", "alumnas", "élève", "élèves", "学生", "生徒"},
	{"staff", "employee", "employees", "mitarbeiter", "empleado", "empleados", "salarié", "salariés", "员工", "従業員"},
	{"supplier", "suppliers", "lieferant", "lieferanten", "proveedor", "proveedores", "fournisseur", "fournisseurs", "供应商", "仕入先"},
	{"printer", "printers", "druckerei", "impresora", "imprenta", "imprimante", "imprimeur", "打印机", "印刷"},
	{"account", "accounts", "compte", "comptes", "cuenta", "cuentas", "konto", "konten", "账号", "账户", "アカウント"},
	{"shop", "shops", "boutique", "boutiques", "tienda", "tiendas", "laden", "shopify-shop", "商店", "店铺", "ショップ"},
	{"mobil", "mobile", "móvil", "móviles", "movil", "手机", "移动端", "モバイル", "スマホ"},
	{"contract", "contracts", "vertrag", "verträge", "contrato", "contratos", "contrat", "contrats"},
	{"digest", "digests", "resumen", "resúmenes", "zusammenfassung", "résumé", "摘要", "汇总", "ダイジェスト", "まとめ"},
	{"weekly", "semanal", "semanales", "wöchentlich", "wöchentliche", "wöchentlichen", "hebdomadaire", "hebdo", "每周", "毎週", "週次"},
	{"download", "downloads", "descarga", "descargas", "téléchargement", "téléchargements", "下载", "ダウンロード"},
	{"score", "scores", "puntuación", "punktzahl", "分数", "评分", "スコア"},
	{"training", "trainings", "entrenamiento", "entrenamientos", "entraînement", "训练", "学習"},
	{"monday", "montag", "lunes", "lundi", "周一", "月曜"},
	{"tuesday", "dienstag", "martes", "mardi", "周二", "火曜"},
	{"wednesday", "mittwoch", "miércoles", "mercredi", "周三", "水曜"},
	{"thursday", "donnerstag", "jueves", "jeudi", "周四", "木曜"},
	{"friday", "freitag", "viernes", "vendredi", "周五", "金曜"},
	{"saturday", "samstag", "sábado", "samedi", "周六", "土曜"},
	{"sunday", "sonntag", "domingo", "dimanche", "周日", "日曜"},
}

// termCanon maps each spelling of termSynonyms to its group's term;
// termSpellings each term to its spellings.
var termCanon, termSpellings = func() (map[string]string, map[string][]string) {
	canon, spell := map[string]string{}, map[string][]string{}
	for _, g := range termSynonyms {
		for _, w := range g {
			canon[w] = g[0]
			canon[stemTerm(w)] = g[0]
			// A page is looked into for any word the term stands for:
			// "clients" for the stem "client" of "clientes".
			for _, sp := range []string{w, stemTerm(w)} {
				if !slices.Contains(spell[g[0]], sp) {
					spell[g[0]] = append(spell[g[0]], sp)
				}
			}
		}
	}
	return canon, spell
}()

// canonTerm is the term a stemmed word stands for.
func canonTerm(t string) string {
	if c, ok := termCanon[t]; ok {
		return c
	}
	return t
}

// spellings are what a text spelling term t may hold.
func spellings(t string) []string {
	if s, ok := termSpellings[t]; ok {
		return s
	}
	return []string{t}
}

// targetFiller are words a retraction uses to point at a claim, not
// words of the claim: "scratch the rebase rule".
// So are the verbs a withdrawal puts before what it withdraws ("no need
// to attach screenshots", "ya no hace falta usar Mockoon").
var targetFiller = stemmedSet("rule", "convention", "policy", "thing", "idea", "plan", "stuff", "part", "bit", "whole", "step",
	// Why it was ("the reason for that dead-window check is gone"), not what.
	"reason", "grund", "razón", "motivo", "raison",
	// What kind of rule ("l'obligation des permanences"), not what of.
	"obligation", "obligations", "obligación", "pflicht",
	// Where it was written ("that old Safari line can go"), not what.
	"line", "entry", "zeile", "eintrag", "ligne", "línea", "entrada",
	"fact", "note", "preference", "decision", "regla", "règle", "regel",
	"use", "using", "attach", "attaching", "add", "adding", "do", "doing", "make", "making", "put", "keep",
	"usar", "utilizar", "hacer", "poner", "adjuntar", "utiliser", "faire", "mettre", "ajouter", "joindre",
	"verwenden", "nutzen", "benutzen", "machen", "anhängen", "hinzufügen",
	// Taking a kind of payment or order ("we don't take cheques any
	// more"): the kind is what.
	"take", "taking", "accept", "accepting", "annehmen", "akzeptieren", "aceptar", "aceptamos", "accepter", "acceptons",
	"no", "not", "nicht", "kein", "keine", "pas", "ne", "about", "regarding", "wegen", "sobre", "concernant",
	// When ("Redsys ya no"), not what.
	"ya", "anymore", "longer", "mehr", "plus",
	// Which one it was ("the old integration"), not what.
	"old", "former", "previous", "alt", "alte", "alten", "alter", "altes", "bisherige", "bisherigen", "vorherige",
	"viejo", "vieja", "viejos", "viejas", "antiguo", "antigua", "anterior", "ancien", "ancienne", "anciens", "anciennes",
	// When it was said ("das mit dem KDoc von damals"), not what.
	"damals", "vorhin", "früher", "before", "earlier", "antes", "entonces", "avant", "autrefois",
	// How far it goes ("we dropped wandb entirely"), not what.
	"entirely", "completely", "altogether", "fully", "totally", "komplett", "vollständig", "ganz", "gänzlich",
	"completamente", "totalmente", "complètement", "totalement", "entièrement",
	// A rule about a thing ("the Signed-off-by requirement", "die
	// RTT-Vorgabe"): the thing is what.
	"requirement", "requirements", "vorgabe", "vorgaben", "pflicht", "anforderung", "exigence", "obligation", "requisito",
	"obligación",
	// A limit on a thing ("the restriction on deploy days", "制限"): the
	// thing is what.
	"restriction", "restrictions", "einschränkung", "beschränkung", "restricción", "制限", "限制",
	// The matter of a thing ("die UC8151-Geschichte", "la cosa del
	// banner"): the thing is what.
	"sache", "geschichte", "thema", "tema", "asunto", "cosa", "truc", "histoire", "affaire",
	// Support for a thing ("IE11 対応", "IE11 support"): the thing is what.
	"support", "supporting", "compatibility", "unterstützung", "soporte", "compatibilidad", "compatibilité", "対応", "支持", "兼容")

// stemmedSet is a set of words and their stems.
func stemmedSet(ws ...string) map[string]bool {
	m := setOf(ws...)
	for _, w := range ws {
		m[stemTerm(w)] = true
	}
	return m
}

// overlap counts the terms a and b share.
func overlap(a, b []string) int {
	n := 0
	for _, t := range a {
		if slices.Contains(b, t) {
			n++
		}
	}
	return n
}

// subjectScore says how surely a statement's subject (terms st) names
// the subject of a claim (terms ct): 0 when it does not, else higher for
// closer matches (at most 1). Matching is conservative, since a wrong
// merge loses a fact: the two must have the same terms but for words
// that do not narrow a subject ("default branch" is "branch"), or agree
// on more than four terms in five. A subject with a word of its own names
// another subject: "test shard count" is not "shard count", nor "prod
// region" "dr region" or "region".
func subjectScore(st, ct []string) float64 {
	if len(st) == 0 || len(ct) == 0 {
		return 0
	}
	// "the nightly dump" is "the nightly pg_dump": a part of a name
	// joined by "_" is the name.
	st, ct = identsAligned(st, ct), identsAligned(ct, st)
	n := overlap(st, ct)
	if n == 0 || n == 1 && slices.Contains(st, "owner") && slices.Contains(ct, "owner") {
		// "project owner" and "versiones owner": who owns what says
		// which thing by the thing, not by "owner".
		return 0
	}
	narrows := func(t string) bool { return !genericModifier[t] }
	if !slices.ContainsFunc(minus(st, ct), narrows) && !slices.ContainsFunc(minus(ct, st), narrows) {
		return float64(n) / float64(max(len(st), len(ct)))
	}
	if jac := float64(n) / float64(len(st)+len(ct)-n); jac > 0.8 {
		return jac
	}
	return 0
}

// identsAligned is a with each term that is a part of a name in b joined
// by "_" (identPart: "dump" of "pg_dump") written as that name.
func identsAligned(a, b []string) []string {
	var out []string
	for i, t := range a {
		if slices.Contains(b, t) {
			continue
		}
		for _, u := range b {
			if identPart(t, u) && !slices.Contains(a, u) {
				if out == nil {
					out = slices.Clone(a)
				}
				out[i] = u
				break
			}
		}
	}
	if out == nil {
		return a
	}
	return out
}

// refersTo says how surely words naming a subject in passing (a
// retraction's subject) refer to a claim's subject (terms ct): all of
// them must be among its terms.
func refersTo(st, ct []string) float64 {
	if len(st) == 0 || overlap(st, ct) != len(st) {
		return 0
	}
	return float64(len(st)) / float64(len(ct))
}

// genericModifier are words that do not narrow a subject.
var genericModifier = setOf("current", "default", "main", "primary", "actual", "official", "standard", "usual",
	"team", "project", "new", "whole", "overall", "general", "aktuell", "actual", "actuel",
	// "now" and "new" in the other languages: "which gateway does the
	// checkout use now" asks what "… the new checkout" does
	"now", "nowadays", "currently", "nuevo", "nueva", "nuevos", "nuevas", "ahora", "neu", "neue", "neuen", "neuer", "neues",
	"jetzt", "nouveau", "nouvelle", "nouveaux", "maintenant",
	// "le prix de base cette année" is the base price
	"year", "jahr", "anné", "año", "cett", "dies", "este", "今年", "今年度",
	// what a place of things is called beside its name: "the staging
	// server" is "staging"
	"env", "server", "serveur", "servidor", "host", "instance", "box")

func minus(a, b []string) []string {
	var out []string
	for _, t := range a {
		if !slices.Contains(b, t) {
			out = append(out, t)
		}
	}
	return out
}

// contains reports whether every term of words occurs in text's terms
// (Replaces words found in a claim).
func containsTerms(text []string, words []string) bool {
	if len(words) == 0 {
		return false
	}
	return overlap(words, text) == len(words)
}

// mentionScore is how much of a target (a retraction's words) a claim's
// terms hold: the share of the target's terms found, 0 below three in
// five.
func mentionScore(target, claim []string) float64 {
	target = slices.DeleteFunc(slices.Clone(target), func(t string) bool { return targetFiller[t] })
	if len(target) == 0 {
		return 0
	}
	n := 0
	for _, t := range target {
		if slices.ContainsFunc(claim, func(c string) bool {
			// A withdrawal's compound is not the word it opens
			// ("NightlyLeadScoring" and "nightly"); its short form is
			// ("recon" and "reconciliation").
			// A compound's last word ("drucker" in "bondrucker") too.
			// A one-character Chinese or Japanese word ("窯") is in
			// the bigrams that hold it.
			return akin(t, c) && len(t) <= 2*len(c) || modelSuffix(t, c) || identPart(t, c) || inflected(t, c) ||
				len(t) >= 6 && len(c) > len(t)+2 && strings.HasSuffix(c, t) ||
				utf8.RuneCountInString(t) == 1 && cjkWord(t) && strings.Contains(c, t)
		}) {
			n++
		}
	}
	s := float64(n) / float64(len(target))
	if s*5 < 3 {
		return 0
	}
	return s
}

// akin reports whether two terms are one word inflected otherwise, as a
// withdrawal's words name a claim's ("desplegar", "desplegamos"): the
// same, or five letters or more and three in four of the shorter's
// letters in common at their start.
func akin(a, b string) bool {
	return akinPart(a, b) && !identOf(a, b)
}

// akinPart is akin, but a word is akin to the identifier it opens: an
// identifier's parts are compared as words (see identPart).
func akinPart(a, b string) bool {
	if a == b {
		return true
	}
	n := hear.SharedStart(a, b)
	if n >= 5 && 4*n >= 3*min(utf8.RuneCountInString(a), utf8.RuneCountInString(b)) {
		return true
	}
	// Spanish "-ción" and "-sión" are the "-tion" and "-sion" of English
	// and French: "expiración" is "expiration".
	if n >= 4 && cognate(a) == cognate(b) {
		return true
	}
	// A German participle is its verb's and its noun's word: "gesperrt"
	// and "Sperre", "ausgedruckt" and "Ausdrucken".
	if pa, pb := participleStem(a), participleStem(b); pa != a || pb != b {
		m := hear.SharedStart(pa, pb)
		return pa == pb || m >= 5 && 4*m >= 3*min(utf8.RuneCountInString(pa), utf8.RuneCountInString(pb))
	}
	return false
}

// participleStem is a German past participle without its "ge-" and its
// "-t" or "-et" ("gesperrt" → "sperr", "ausgedruckt" → "ausdruck"); other
// words as they are.
func participleStem(w string) string {
	if utf8.RuneCountInString(w) < 7 {
		return w
	}
	for _, p := range separablePrefixes {
		rest, ok := strings.CutPrefix(w, p+"ge")
		if !ok {
			continue
		}
		for _, end := range []string{"et", "t"} {
			if stem, ok := strings.CutSuffix(rest, end); ok && utf8.RuneCountInString(stem) >= 4 {
				return p + stem
			}
		}
	}
	return w
}

// separablePrefixes open a German separable verb, before the "ge" of its
// participle ("aus-ge-druckt"); "" is a verb without one.
var separablePrefixes = []string{"", "ab", "an", "auf", "aus", "ein", "mit", "nach", "vor", "zu", "zurück", "weg", "um", "frei", "los"}

// cognate writes a Spanish "-ción" or "-sión" word as its English and
// French cognate.
func cognate(w string) string {
	for _, r := range [][2]string{{"ciones", "tion"}, {"siones", "sion"}, {"ción", "tion"}, {"sión", "sion"}, {"tions", "tion"}, {"sions", "sion"}} {
		if s, ok := strings.CutSuffix(w, r[0]); ok {
			return s + r[1]
		}
	}
	return w
}

// identOf reports one term the whole first part of the other, an
// identifier joined by "_" ("audit" of "audit_log"): a word and a name
// that starts with it are two things. A file named for a tool is the
// tool's ("rustfmt" and "rustfmt.toml").
func identOf(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(b) > len(a) && b[len(a)] == '_' && strings.HasPrefix(b, a)
}

// probes are terms as their start: what a text holding a word akin to
// them holds (see akin).
func probes(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		if _, ok := termSpellings[t]; ok {
			// Found by its spellings (page.has).
		} else if r := []rune(t); len(r) > 5 {
			t = string(r[:5])
		}
		out[i] = t
	}
	return out
}

// modelSuffix reports a model number said short: "l476" for "stm32l476",
// four characters or more with a digit among them.
func modelSuffix(short, long string) bool {
	return len(short) >= 4 && len(long) > len(short) && strings.HasSuffix(long, short) &&
		strings.ContainsAny(short, "0123456789") && !isDigits(short)
}

// identPart reports a word of an identifier ("callback" of
// "sla_miss_callback"): a withdrawal names a setting in words.
func identPart(word, ident string) bool {
	if !strings.Contains(ident, "_") || len(word) < 3 {
		return false
	}
	return slices.ContainsFunc(strings.Split(ident, "_"), func(p string) bool { return akinPart(word, p) || word == stemTerm(p) })
}

// inflected reports a short word and its inflection that the stemmer
// leaves apart ("tag" and "tagging" or its stem "tagg", "ship" and
// "shipped").
func inflected(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < 3 || !strings.HasPrefix(b, a) {
		return false
	}
	rest := b[len(a):]
	switch rest {
	case "s", "es", "ed", "ing", "er", "ers":
		return true
	}
	// A doubled last letter, alone or before an ending.
	if rest[0] != a[len(a)-1] {
		return false
	}
	return len(rest) == 1 || rest[1:] == "ing" || rest[1:] == "ed" || rest[1:] == "er"
}

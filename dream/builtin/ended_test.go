package builtin

import "testing"

// Ensure that ends said in more ways withdraw what held until them: a
// tour wrapped (also where the rule said "while" after it, with no comma), a part replaced, a practice not done this season, works
// "fertig" without a verb, a firm that closed; that what is left of a
// claim once its part goes is no bare values; and that what else memory
// holds stays.
func TestMoreEndsWithdraw(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, a tour wrapped",
			[]string{"While the band is on tour, nobody touches the stage plot.", "The venue wiki lives in Notion."},
			[]string{"The tour's wrapped, so go ahead with the plot."},
			[]string{"stage plot"}, []string{"Notion"}},
		{"English, a rule that holds while something lasts, said after it",
			[]string{"Careful: the import script is frozen while the choir is away on tour, the tour laptop has to match ours.", "The venue wiki lives in Notion."},
			[]string{"The tour's wrapped, go ahead with the import script."},
			[]string{"frozen"}, []string{"Notion"}},
		{"English, the period's word further into its condition",
			[]string{"Careful: the import script is frozen while The Harbour Lights Choir is on tour, the tour laptop has to match ours.", "The venue wiki lives in Notion."},
			[]string{"The tour's wrapped, go ahead with the import script."},
			[]string{"frozen"}, []string{"Notion"}},
		{"Chinese, a part replaced",
			[]string{"5号楼那台电梯的变频器坏了在等配件，先别给它派保养单。", "工单系统用的是 Spring Boot。"},
			[]string{"5号楼那台的变频器已经换好了。"},
			[]string{"变频器坏了"}, []string{"Spring Boot"}},
		{"Japanese, not done this season, with its hours",
			[]string{"早朝営業は3月の日曜だけ、6:30〜8:00。", "ゲートのログは60日保存です。"},
			[]string{"早朝営業は今季はやらないことになりました。"},
			[]string{"早朝営業", "6:30"}, []string{"60日"}},
		{"German, works done without a verb",
			[]string{"Solange die Filiale Süd wegen Umbau zu ist, sollen ihre Bestellungen an das Lager Ost gehen.", "Die Kasse läuft auf Debian 12."},
			[]string{"Süd hat seit Dienstag wieder auf, Umbau fertig."},
			[]string{"Lager Ost"}, []string{"Debian 12"}},
		{"Spanish, a firm that closed",
			[]string{"Las etiquetas las imprime Grafiprint Levante, les mandamos el PDF los lunes.", "El ERP es Odoo 17."},
			[]string{"Grafiprint cerró en septiembre, hay que buscar otra imprenta."},
			[]string{"Grafiprint"}, []string{"Odoo 17"}},
		{"Spanish, a firm named by its town that closed",
			[]string{"El cartón nos lo trae Papelera Soler, de Alcoy.", "El ERP es Odoo 17."},
			[]string{"Tenías razón con lo del proveedor: el de Alcoy cerró en verano, ya no fabrican."},
			[]string{"Papelera Soler"}, []string{"Odoo 17"}},
		{"Spanish, back from the workshop",
			[]string{"La Celestron de 8 está fuera de préstamo mientras arreglan el trípode.", "La web del club está en astro-club.es."},
			[]string{"La Celestron ya ha vuelto del taller con trípode nuevo."},
			[]string{"fuera de préstamo"}, []string{"astro-club.es"}},
		{"German, a post laid down",
			[]string{"Alles, was die Kasse betrifft, geht an Petra Lang, die macht die Kasse.", "Die Probe ist samstags um 12 Uhr."},
			[]string{"Petra hat ihr Amt als Kassenwartin niedergelegt."},
			[]string{"Petra Lang"}, []string{"samstags"}},
		{"guard: a shop that closes at an hour ends nothing",
			[]string{"Las etiquetas las imprime Grafiprint Levante, les mandamos el PDF los lunes."},
			[]string{"Grafiprint cerró a las 8 ayer, mañana llamo."},
			nil, []string{"Grafiprint"}},
	})
}

// Ensure that a thing said taken out ("se quitó lo del …"), named before
// what follows from it, withdraws the part of a rule that names it and
// keeps the rest of the rule, and that a thing required no more
// ("不再要求双人签字") withdraws the rule requiring it.
func TestThingTakenOut(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Spanish, with the rest of the rule kept",
			[]string{"Cada pedido tiene que salir con el albarán firmado por el jefe de turno y pasar por el control de peso antes de cargar.", "El ERP es Odoo 17."},
			[]string{"En la reunión de almacén se quitó lo del albarán firmado, ya no hace falta esperar al jefe. Lo del peso sigue igual."},
			[]string{"albarán"}, []string{"control de peso", "Odoo 17"}},
		{"Chinese, required no more",
			[]string{"发货单需要两名仓管签字才能放行。", "仓库系统用的是 Odoo 17。"},
			[]string{"周会上定了：发货单放行不再要求双人签字，一个人签就行。"},
			[]string{"两名仓管"}, []string{"Odoo 17"}},
	})
}

// Ensure that a person who left, named by their duty rather than their
// name, takes what was said of them with them, the parts of the claim
// naming them again included, and nothing else.
func TestDutyHolderLeft(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese",
			[]string{"月次レポートの集計は佐藤さんの担当なので、report のところを変えたら佐藤さんに確認してもらってください。", "ゲートのログは60日保存です。"},
			[]string{"月次レポートの担当者が先月経理部に異動しました。"},
			[]string{"佐藤"}, []string{"60日"}},
		{"guard: a duty no claim names",
			[]string{"月次レポートの集計は佐藤さんの担当です。", "ゲートのログは60日保存です。"},
			[]string{"在庫管理の担当者が先月経理部に異動しました。"},
			nil, []string{"佐藤", "60日"}},
	})
}

// Ensure that a share said anew of what a claim's subject names first,
// with a word of change, replaces the claim's share, and no other.
func TestShareOfSubjectHead(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Spanish, raised by a point",
			[]string{"La comisión del mercado es del 2% sobre cada venta.", "El IVA es del 21%."},
			[]string{"La comisión sube medio punto, queda en el 2,5%."},
			[]string{"2% sobre"}, []string{"2,5%", "21%"}},
		{"English",
			[]string{"The marketplace's commission is 2% of each sale.", "Invoices are sent from billing@shop.example."},
			[]string{"The commission went up, it's 2.5% now."},
			[]string{"2% of"}, []string{"2.5%", "billing@shop.example"}},
	})
}

// Ensure that a person said to have done their last shift, or to be off
// to another house, has left: what was said of them goes.
func TestLastShiftLeaves(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"a last shift",
			[]string{"Sam Reyes runs the sound desk for every show.", "The desk is a Yamaha CL5."},
			[]string{"Sam did her last shift on Friday."},
			[]string{"Sam Reyes"}, []string{"Yamaha CL5"}},
		{"off to another house",
			[]string{"Sam Reyes runs the sound desk for every show.", "The desk is a Yamaha CL5."},
			[]string{"Sam's off to the Old Vic."},
			[]string{"Sam Reyes"}, []string{"Yamaha CL5"}},
	})
}

// Ensure that the part of a claim left when a period ends does not stay
// when it names what the part withdrawn named ("… on expédie tout par
// Mondial Relay, et l'étiquette doit sortir au format Mondial Relay").
func TestRestLeaningOnWithdrawnPart(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"the carrier and its label",
			[]string{"Autre chose temporaire : Colissimo a des retards énormes avec la grève, donc tant que ça dure on expédie tout par Mondial Relay, et l'étiquette doit sortir au format Mondial Relay."},
			[]string{"La grève Colissimo est finie depuis mai, on repasse sur Colissimo pour tout."},
			[]string{"Mondial Relay"}, nil},
	})
}

package hear

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese written in traditional characters (Taiwan, Hong Kong) says what
// simplified Chinese does with other glyphs for many common words: "負責"
// for "负责", "還要保留嗎" for "还要保留吗". The rules are written in
// simplified characters; a traditional message is heard through its
// simplified spelling, and what is heard is given back in the user's own
// characters (restoreHant), so that quotes stay the user's words.
//
// Each pair maps one traditional character to one simplified one, both
// three bytes in UTF-8: the simplified text has every byte where the
// traditional one has it, which is what lets restoreHant find the user's
// characters again.

// hantPairs are traditional characters each followed by its simplified
// form: the common ones of the words the rules read.
const hantPairs = "個个們们來来時时說说這这還还沒没點点兩两後后對对會会過过現现" +
	"問问題题開开關关發发經经們们給给讓让從从應应該该請请認认為为" +
	"處处理理當当實实際际動动態态無无與与並并將将於于書书買买賣卖" +
	"錢钱價价貴贵換换單单訂订號号碼码網网頁页帳账戶户員员長长門门" +
	"間间隊队務务費费號号機机構构體体系系統统擇择準准備备設设計计" +
	"測测試试錯错誤误報报告告據据庫库資资訊讯遞递郵邮寄寄運运輸输" +
	"節节週周歲岁區区縣县鄉乡鎮镇園园場场廠厂樓楼層层館馆點点鐘钟" +
	"記记錄录憶忆習习慣惯規规則则範范圍围內内外外產产品品質质檢检" +
	"驗验證证權权責责負负擔担維维護护營营業业銷销售售購购貨货倉仓" +
	"儲储庫库存存備备份份轉转換换遷迁搬搬移移刪删除除停停啟启閉闭" +
	"線线連连續续斷断傳传輸输載载寫写讀读聽听見见覺觉顯显示示視视" +
	"頻频響响鬆松緊紧壞坏舊旧新新優优惠惠折折扣扣積积分分紅红綠绿" +
	"藍蓝黃黄顏颜色色圖图標标籤签題题類类別别種种樣样級级階阶層层" +
	"專专業业師师醫医藥药療疗護护診诊斷断農农漁渔獸兽鳥鸟魚鱼雞鸡" +
	"豬猪馬马牛牛羊羊狗狗貓猫頭头腦脑臉脸髮发聲声語语言言詞词義义" +
	"號号稱称謂谓姓姓氏氏親亲戚戚鄰邻居居華华東东歐欧亞亚區区國国" +
	"際际灣湾島岛廣广漢汉滬沪閩闽臺台灣湾紀纪總总統统書书記记處处" +
	"辦办幫帮務务組组織织團团隊队軍军警警衛卫災灾難难險险雜杂亂乱" +
	"靜静燈灯電电腦脑話话筆笔紙纸張张條条隻只雙双對对幾几億亿萬万" +
	"歷历曆历週周續续額额減减漲涨價价貸贷銀银錶表鐵铁鋼钢鋁铝銅铜" +
	"礦矿熱热冷冷涼凉溫温暖暖濕湿乾干淨净髒脏潔洁衝冲沖冲滅灭燒烧" +
	"煙烟氣气風风雲云陽阳陰阴晝昼夜夜黨党選选舉举議议會会審审核核" +
	"準准許许禁禁止止須须需需該该應应嗎吗呢呢麼么麽么誰谁" +
	"哪哪裡里裏里邊边頭头麵面飯饭餐餐湯汤飲饮茶茶奶奶糖糖鹽盐醬酱" +
	"餅饼雜杂貨货櫃柜檯台桌桌椅椅床床門门窗窗牆墙鎖锁鑰钥匙匙車车" +
	"輛辆輪轮駕驾駛驶騎骑飛飞航航艙舱票票車车廂厢橋桥鐵铁軌轨站站" +
	"參参與与加加減减乘乘除除數数學学術术藝艺劇剧樂乐歌歌舞舞畫画" +
	"攝摄影影拍拍錄录製制造造修修復复補补償偿賠赔罰罚獎奖勵励懲惩" +
	"貼贴掛挂擺摆放放收收藏藏拿拿帶带領领導导師师傅傅幹干練练趕赶" +
	"鬧闹靠靠穩稳固固檔档案案夾夹頁页碼码閱阅覽览瀏浏搜搜尋寻找找" +
	"匯汇兌兑換换幣币戶户貿贸易易稅税務务繳缴納纳託托寄寄屬属於于" +
	"狀状況况響响應应準准確确規规劃划預预約约訊讯息息傳传達达檢检" +
	"盤盘點点擊击鍵键滑滑鼠鼠螢萤幕幕顯显卡卡碟碟盤盘鏈链結结構构" +
	"龍龙鳳凤龜龟鶴鹤門门閘闸閃闪闖闯閒闲閑闲聞闻闊阔闆板鬥斗鬧闹" +
	"壓压強强彈弹彎弯張张縮缩緩缓慢慢趨趋勢势衡衡競竞爭争獨独佔占" +
	"臨临監监視视觀观察察覽览賞赏鑑鉴評评論论談谈講讲述述證证諾诺" +
	"離离職职凱凯罵骂績绩員员雖虽讓让歡欢謝谢蘋苹麗丽歲岁舉举誌志鏡镜頓顿顧顾顯显願愿齊齐齒齿劃划劑剂勞劳勝胜勢势區区協协厲厉參参叢丛嚴严團团圓圆圖图壞坏壽寿夠够夢梦奪夺奮奋孫孙寧宁寬宽寶宝將将導导層层屬属嶺岭島岛帥帅師师帶带幫帮廁厕廚厨廢废廳厅彌弥徑径從从徵征憑凭懷怀戰战擁拥擇择擴扩攔拦敗败敵敌數数斷断書书會会條条棄弃樹树橫横歸归殘残殺杀氣气決决沒没滿满漁渔潛潜災灾為为烏乌無无爐炉爺爷牆墙獲获環环產产畢毕異异當当療疗發发盜盗盡尽眾众碼码確确禮礼稅税穩稳窮穷競竞筆笔簡简簽签糧粮紀纪約约紅红級级純纯紙纸細细終终組组經经綁绑維维網网緒绪練练縣县總总繩绳織织繼继續续罰罚聯联聰聪膠胶臉脸興兴舊旧莊庄" +
	"華华萬万葉叶著着蓋盖蘭兰處处號号衝冲補补裝装製制複复規规覺觉觸触訊讯託托記记訪访設设許许訴诉診诊註注評评詞词詢询試试話话該该詳详認认說说課课誰谁調调談谈請请論论諮咨講讲證证識识護护讀读變变讚赞豐丰貝贝負负財财貨货販贩責责貴贵費费貿贸賀贺資资賓宾賠赔賣卖質质賽赛贊赞趕赶跡迹車车軟软較较載载輔辅輕轻輩辈輸输轉转辦办農农迴回運运過过達达違违遠远適适遲迟遺遗還还邊边鄉乡醫医釋释針针鈕钮銀银銷销鋪铺錢钱錄录鍋锅鍵键鎖锁鐘钟長长開开閉闭閱阅闆板隨随險险隱隐雙双雜杂難难電电靈灵靜静響响頂顶項项順顺須须預预領领頭头題题額额顏颜類类風风飛飞飯饭飲饮館馆騙骗驅驱驗验髮发鬆松鬧闹魚鱼鳥鸟鹽盐麥麦黃黄點点齡龄"

// hant maps a traditional character to its simplified form.
var hant = func() map[rune]rune {
	m := map[rune]rune{}
	rs := []rune(hantPairs)
	for i := 0; i+1 < len(rs); i += 2 {
		t, s := rs[i], rs[i+1]
		if t != s && utf8.RuneLen(t) == utf8.RuneLen(s) {
			m[t] = s
		}
	}
	return m
}()

// hantText reports text holding a traditional character of hant.
func hantText(s string) bool {
	for _, r := range s {
		if r >= 0x3400 {
			if _, ok := hant[r]; ok {
				return true
			}
		}
	}
	return false
}

// simplified is s in simplified characters (hant), byte for byte where s
// has them; s must be valid UTF-8, or the bytes would not line up.
func simplified(s string) string {
	return strings.Map(func(r rune) rune {
		if t, ok := hant[r]; ok {
			return t
		}
		return r
	}, s)
}

// hantRestorer gives what was heard of traditional messages back in
// their characters: each run of Han characters a field holds that one of
// the simplified messages it rests on holds is put back as the original
// message has it at the same bytes. What rests on no such message is left
// as it is, so that a simplified message's words stay simplified.
type hantRestorer struct {
	byID map[string][2]string // entry id: the original text, its simplified spelling
}

// add records a message heard through its simplified spelling.
func (h *hantRestorer) add(id, orig, simp string) {
	if h.byID == nil {
		h.byID = map[string][2]string{}
	}
	h.byID[id] = [2]string{orig, simp}
}

// restore is s with the user's characters back, from the messages of
// entries ids.
func (h *hantRestorer) restore(s string, ids []string) string {
	var texts [][2]string
	for _, id := range ids {
		if t, ok := h.byID[id]; ok {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 || s == "" {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.Is(unicode.Han, r) {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !unicode.Is(unicode.Han, r) {
				break
			}
			j += n
		}
		b.WriteString(original(s[i:j], texts))
		i = j
	}
	return b.String()
}

// original is a run of Han characters as the first of texts holding it
// writes it, or run itself when none does.
func original(run string, texts [][2]string) string {
	for _, t := range texts {
		if at := strings.Index(t[1], run); at >= 0 && at+len(run) <= len(t[0]) {
			return t[0][at : at+len(run)]
		}
	}
	return run
}

// restoreAll gives every text field of what was heard back in the user's
// characters, from the messages each rests on.
func (h *hantRestorer) restoreAll(out *Heard) {
	if len(h.byID) == 0 {
		return
	}
	for i := range out.Statements {
		st := &out.Statements[i]
		for _, p := range []*string{&st.Subject, &st.Claim, &st.Quote, &st.Question, &st.Pointer, &st.Topic, &st.Holder} {
			*p = h.restore(*p, st.Entries)
		}
		for _, ss := range [][]string{st.Replaces, st.Versions, st.Takes} {
			for k := range ss {
				ss[k] = h.restore(ss[k], st.Entries)
			}
		}
	}
	for i := range out.Retractions {
		r := &out.Retractions[i]
		r.Target, r.Subject, r.Quote = h.restore(r.Target, r.Entries), h.restore(r.Subject, r.Entries), h.restore(r.Quote, r.Entries)
	}
	for i := range out.Events {
		ev := &out.Events[i]
		ev.Text, ev.Sentence = h.restore(ev.Text, ev.Entries), h.restore(ev.Sentence, ev.Entries)
	}
	for i := range out.Relatives {
		out.Relatives[i].Quote = h.restore(out.Relatives[i].Quote, out.Relatives[i].Entries)
	}
	// A forget names no entry: any message of the session may hold it.
	all := make([]string, 0, len(h.byID))
	for id := range h.byID {
		all = append(all, id)
	}
	slices.Sort(all)
	for i := range out.Forgets {
		out.Forgets[i] = h.restore(out.Forgets[i], all)
	}
}

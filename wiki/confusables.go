package wiki

// skeleton folds a case-folded letter that looks like an ASCII letter or
// digit to that character, for the confusable letters of the Latin,
// Greek, Cyrillic and Armenian scripts. The pairs are facts of Unicode
// Technical Standard #39 (confusables.txt): every source that is a single
// letter of those scripts, unchanged by NFKC and by canonical
// decomposition, whose prototype is one ASCII letter or digit. Capitals
// are folded first, so a capital's pair is given to its lowercase letter,
// and where a capital and its lowercase letter look like different ASCII
// letters (Greek Ν and ν, Υ and υ) the lowercase one wins: case folding
// must not depend on the skeleton. A capital that looks like I maps to
// 'i', its lowercase, where TR39 gives the prototype 'l'. ASCII itself is
// never folded (0 and O, 1 and l stay apart), so the ASCII fast path of
// Tokens needs no table.
func skeleton(r rune) (byte, bool) {
	switch r {
	case '\u01a8', '\ua645', '\ua75b': // ƨ ꙅ ꝛ
		return '2', true
	case '\u021d', '\u025c', '\u0292', '\u0437', '\u04e1', '\ua76b': // ȝ ɜ ʒ з ӡ ꝫ
		return '3', true
	case '\u0431': // б
		return '6', true
	case '\u0223': // ȣ
		return '8', true
	case '\ua76f': // ꝯ
		return '9', true
	case '\u0251', '\u03b1', '\u0430': // ɑ α а
		return 'a', true
	case '\u0185', '\u03b2', '\u0432', '\u044c', '\ua7b5': // ƅ β в ь ꞵ
		return 'b', true
	case '\u0441', '\u1d04': // с ᴄ
		return 'c', true
	case '\u0501': // ԁ
		return 'd', true
	case '\u03b5', '\u0435', '\u04bd', '\uab32': // ε е ҽ ꬲ
		return 'e', true
	case '\u03dd', '\u0584', '\u1e9d', '\ua799', '\uab35': // ϝ ք ẝ ꞙ ꬵ
		return 'f', true
	case '\u018d', '\u0261', '\u050d', '\u0581', '\u1d83': // ƍ ɡ ԍ ց ᶃ
		return 'g', true
	case '\u03b7', '\u043d', '\u04bb', '\u0570': // η н һ հ
		return 'h', true
	case '\u0131', '\u0269', '\u026a', '\u03b9', '\u0456', '\u04cf', '\ua647': // ı ɩ ɪ ι і ӏ ꙇ
		return 'i', true
	case '\u029d', '\u03f3', '\u0458': // ʝ ϳ ј
		return 'j', true
	case '\u03ba', '\u043a': // κ к
		return 'k', true
	case '\u01c0': // ǀ
		return 'l', true
	case '\u03bc', '\u03fb', '\u043c': // μ ϻ м
		return 'm', true
	case '\u0578', '\u057c': // ո ռ
		return 'n', true
	case '\u03bf', '\u03c3', '\u043e', '\u0585', '\u1d0f', '\u1d11', '\uab3d': // ο σ о օ ᴏ ᴑ ꬽ
		return 'o', true
	case '\u03c1', '\u0440': // ρ р
		return 'p', true
	case '\u051b', '\u0563', '\u0566': // ԛ գ զ
		return 'q', true
	case '\u0280', '\u0433', '\u1d26', '\uab47', '\uab48': // ʀ г ᴦ ꭇ ꭈ
		return 'r', true
	case '\u01bd', '\u0455', '\u057f', '\ua731': // ƽ ѕ տ ꜱ
		return 's', true
	case '\u03c4', '\u0442': // τ т
		return 't', true
	case '\u028b', '\u03c5', '\u057d', '\u1d1c', '\ua79f', '\uab4e', '\uab52': // ʋ υ ս ᴜ ꞟ ꭎ ꭒ
		return 'u', true
	case '\u03bd', '\u0475', '\u1d20': // ν ѵ ᴠ
		return 'v', true
	case '\u026f', '\u0461', '\u051d', '\u0561', '\u1d21': // ɯ ѡ ԝ ա ᴡ
		return 'w', true
	case '\u03c7', '\u0445', '\uab53': // χ х ꭓ
		return 'x', true
	case '\u0263', '\u028f', '\u03b3', '\u0443', '\u04af', '\u1d8c', '\u1eff', '\uab5a': // ɣ ʏ γ у ү ᶌ ỿ ꭚ
		return 'y', true
	case '\u03b6', '\u1d22': // ζ ᴢ
		return 'z', true
	}
	return 0, false
}

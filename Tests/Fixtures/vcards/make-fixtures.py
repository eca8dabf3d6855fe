#!/usr/bin/env python3
"""Writes the vCard import fixtures: one file per shape that real exports
have (legacy charsets, too many numbers, long names, letters in numbers,
nameless and nested cards). Written by hand for t9phone in the style of
those exports; every name and number is made up (555 and drama ranges).
Run it from this folder; the files are committed, byte for byte."""

import base64
import quopri


def qp(text, charset):
    """Quoted-printable of text in charset, every non-ASCII byte escaped."""
    out = []
    for byte in text.encode(charset):
        if 0x21 <= byte <= 0x7E and byte not in (0x3D,):
            out.append(chr(byte))
        else:
            out.append("=%02X" % byte)
    return "".join(out)


def write(name, lines, encoding="utf-8", newline="\r\n", bom=b""):
    data = bom + newline.join(lines).encode(encoding) + newline.encode(encoding)
    with open(name, "wb") as f:
        f.write(data)


# 1. An iPhone 3.0 export: a contact with seven numbers (grouped, X-ABLabel).
write("iphone-seven-numbers.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "PRODID:-//Apple Inc.//iPhone OS 17.4//EN",
    "N:Okafor;Chiamaka;;;",
    "FN:Chiamaka Okafor",
    "ORG:Lagos Tides Rowing Club;",
    "item1.TEL;type=pref:+234 803 555 0101",
    "item1.X-ABLabel:_$!<Other>!$_",
    "TEL;type=HOME;type=VOICE:+44 20 7946 0102",
    "TEL;type=WORK;type=VOICE:+44 20 7946 0103",
    "item2.TEL:+44 20 7946 0104",
    "item2.X-ABLabel:boat house",
    "TEL;type=CELL;type=VOICE:+44 7700 900105",
    "TEL;type=IPHONE;type=CELL;type=VOICE:+44 7700 900106",
    "TEL;type=WORK;type=FAX:+44 20 7946 0107",
    "EMAIL;type=INTERNET;type=HOME;type=pref:chiamaka@example.org",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:Brandt;Mads;;;",
    "FN:Mads Brandt",
    "TEL;type=CELL;type=VOICE;type=pref:+45 20 55 01 08",
    "END:VCARD",
])

# 2. A Gmail 3.0 export: eleven numbers, one written twice.
gmail = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Rosalind Achterberg",
    "N:Achterberg;Rosalind;;;",
    "EMAIL;TYPE=INTERNET:ros@example.net",
]
kinds = ["WORK", "HOME", "CELL", "WORK", "HOME", "OTHER", "FAX", "PAGER", "CELL", "MAIN", "WORK"]
for index, kind in enumerate(kinds):
    gmail.append("TEL;TYPE=%s:+31 20 555 %04d" % (kind, 110 + index))
gmail.append("TEL;TYPE=HOME:+31 20 555 0111")  # the second HOME again
gmail += ["NOTE:Eleven numbers; Gmail keeps them all.", "END:VCARD"]
write("gmail-eleven-numbers.vcf", gmail)

# 3. A Japanese feature phone's 2.1 export in Shift_JIS: raw 8-bit values
# and quoted-printable ones, phonetic SOUND, full-width digits in a number.
write("japanese-shift-jis.vcf", [
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=SHIFT_JIS:山田;太郎;;;",
    "SOUND;X-IRMC-N;CHARSET=SHIFT_JIS:ﾔﾏﾀﾞ;ﾀﾛｳ;;;",
    "TEL;CELL:090-5555-0120",
    "TEL;HOME:０３−５５５５−０１２１",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:" + qp("表", "shift_jis") + ";" + qp("花子", "shift_jis") + ";;;",
    "ORG;CHARSET=SHIFT_JIS:株式会社ソフト",
    "TEL;WORK:03-5555-0122",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:佐藤;健;;;",
    "TEL;CELL:080-5555-0123",
    "END:VCARD",
], encoding="shift_jis")

# 4. An Outlook 2003 2.1 export in Windows-1252: quoted-printable with and
# without CHARSET, an extension written x, a long company name.
write("outlook-windows-1252.vcf", [
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;LANGUAGE=de;CHARSET=Windows-1252:Gro\u00dfmann;J\u00fcrgen",
    "FN;CHARSET=Windows-1252:J\u00fcrgen Gro\u00dfmann",
    "ORG;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:" + qp("Gro\u00dfmann & S\u00f6hne Ma\u0161chinenbau \u2013 Niederlassung S\u00fcd", "cp1252"),
    "TEL;WORK;VOICE:+49 30 5550 1300 x12",
    "TEL;CELL;VOICE:+49 170 5550131",
    "X-MS-OL-DEFAULT-POSTAL-ADDRESS:2",
    "EMAIL;PREF;INTERNET:jg@example.de",
    "REV:20040317T103000Z",
    "END:VCARD",
    "",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:\u00c9tienne;Fran\u00e7oise",
    "FN:Fran\u00e7oise \u00c9tienne \u2013 \u201cFanfan\u201d",
    "TEL;HOME;VOICE:01 55 50 01 40",
    "END:VCARD",
], encoding="cp1252")

# 5. An old European address book in ISO-8859-1 with no CHARSET at all.
write("latin1-unlabelled.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Se\u00f1ora In\u00e9s Mu\u00f1oz",
    "N:Mu\u00f1oz;In\u00e9s;;Se\u00f1ora;",
    "TEL;TYPE=cell:+34 655 500 150",
    "NICKNAME:Ine",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:J\u00f8rgen S\u00e6ther",
    "TEL;TYPE=home:+47 55 50 01 51",
    "END:VCARD",
], encoding="latin-1", newline="\n")

# 6. Outlook's "Unicode" export: UTF-16 little-endian with a byte-order mark.
write("outlook-utf16.vcf", [
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:Nakamura;Yui",
    "FN:中村 結衣",
    "TEL;CELL:+81 90 5555 0160",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN:Αλέξης Παπαδόπουλος",
    "TEL;WORK:+30 21 0555 0161",
    "END:VCARD",
], encoding="utf-16-le", bom=b"\xff\xfe")

# 7. Long names (Lotus Notes and Thunderbird carry titles and departments).
write("long-names.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "PRODID:-//Lotus Development Corporation//NONSGML Notes 8.5//EN",
    "FN:Professor Dr. Bartholomew Maximilian Featherstonehaugh-Worthington III",
    "N:Featherstonehaugh-Worthington;Bartholomew;Maximilian;Professor Dr.;III",
    "NICKNAME:Bart,Barty,The Professor,Maxi,Featherstone,BMFW",
    "ORG:Worthington & Featherstonehaugh International Holdings;Research",
    "TEL;TYPE=WORK:+44 20 7946 0170",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Ana",
    "TEL;TYPE=CELL:+351 91 555 0171",
    "END:VCARD",
])

# 8. Cards inside cards: vCard 2.1 AGENT nesting and a 3.0 inline AGENT.
write("agent-nested.vcf", [
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:Adeyemi;Tunde",
    "TEL;WORK:+234 1 555 0180",
    "AGENT:",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:Friday;Fred",
    "TEL;WORK;VOICE:+234 1 555 0181",
    "END:VCARD",
    "TEL;CELL:+234 803 555 0182",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Mira Kowalczyk",
    "TEL;TYPE=work:+48 22 555 01 83",
    "AGENT:BEGIN:VCARD\\nVERSION:3.0\\nFN:Susan Thomas\\nTEL:+48 22 555 01 84\\nEND:VCARD\\n",
    "END:VCARD",
])

# 9. Cards without a name: organisation, nickname or number only; one with
# neither a name nor a number.
write("nameless.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:;;;;",
    "ORG:Harbour Pizza",
    "TEL;TYPE=work:555-0190",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "NICKNAME:Coach",
    "TEL;TYPE=cell:555-0191",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "TEL;CELL:+1 555 0192",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "EMAIL:nobody@example.com",
    "END:VCARD",
])

# 10. Numbers with letters: extensions, pauses, a pager address, a vanity
# number, a label typed into the number.
write("numbers-with-letters.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Front Desk",
    "TEL;TYPE=work:+1 555 0100 ext. 234",
    "TEL;TYPE=work:555-0101 x12",
    "TEL;TYPE=other:555 0102,,1234#",
    "TEL;TYPE=other:555 0103;99",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN:Dr. Pager",
    "TEL;PAGER:5550104@pager.example.net",
    "TEL;HOME:Home: 555 0105",
    "TEL;WORK:1-800-FLOWERS",
    "TEL;CELL:555 0106 (mobile)",
    "END:VCARD",
])

# 11. Text in base64 and in other legacy charsets: KOI8-R quoted-printable,
# Big5 raw, ISO-2022-JP base64, GB18030; a charset iconv does not know.
def b64(text, charset):
    return base64.b64encode(text.encode(charset)).decode("ascii")

write("other-charsets.vcf", [
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=KOI8-R;ENCODING=QUOTED-PRINTABLE:" + qp("Смирнова", "koi8_r") + ";" + qp("Ольга", "koi8_r"),
    "TEL;CELL:+7 495 555-01-10",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;CHARSET=UTF-8;ENCODING=BASE64:" + b64("Zoë Ångström", "utf-8"),
    "TEL;CELL:+46 70 555 01 11",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;CHARSET=ISO-2022-JP;ENCODING=BASE64:" + b64("鈴木一郎", "iso2022_jp"),
    "TEL;CELL:090-5555-0112",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN;CHARSET=GB18030;ENCODING=b:" + b64("王小明", "gb18030"),
    "TEL;TYPE=cell:+86 139 5555 0113",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;CHARSET=X-NOT-A-CHARSET:Plain Name",
    "TEL;CELL:555 0114",
    "END:VCARD",
])
big5 = ("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=BIG5:陳;大文\r\nTEL;CELL:+886 912 555 115\r\nEND:VCARD\r\n").encode("big5")
with open("big5.vcf", "wb") as f:
    f.write(big5)

# 12. Cut-off files: a card with no END before the next one, and a file that
# ends inside a card.
write("truncated.vcf", [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Kept Despite Everything",
    "TEL:555 0120",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Whole Card",
    "TEL:555 0121",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Last Card",
    "TEL:555 0122",
])

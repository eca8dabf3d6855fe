#!/usr/bin/env python3
"""Writes a vCard file of N made-up contacts (default 1,000) for the soak:
first names and surnames of a few common forms combined in turn, each with
a mobile number from Ofcom's range for drama, 07700 900000-900999, which is
never assigned to a real line.

Usage: python3 tools/make-soak-contacts.py [N] > contacts.vcf
"""
import sys

FIRST = ["Ada", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo",
         "Kit", "Lena", "Max", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tess",
         "Uma", "Vic", "Wren", "Xan", "Yara", "Zed", "Amir", "Bea", "Cole", "Dana",
         "Esme", "Finn", "Gwen", "Hugo", "Iris", "Jude", "Kai", "Lois", "Milo", "Nell"]
LAST = ["Archer", "Baker", "Carter", "Dalton", "Ellis", "Fisher", "Garner", "Hayes",
        "Irwin", "Jensen", "Keller", "Lowry", "Mercer", "Nolan", "Osei", "Parker",
        "Quade", "Rahman", "Sato", "Turner", "Usman", "Vance", "Walsh", "Young", "Zhou"]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    if not 0 <= count <= 1000:
        sys.exit("make-soak-contacts: at most 1,000 contacts (the drama range)")
    for index in range(count):
        first = FIRST[index % len(FIRST)]
        last = LAST[(index // len(FIRST)) % len(LAST)]
        print("BEGIN:VCARD\r\nVERSION:3.0\r")
        print(f"FN:{first} {last}\r\nN:{last};{first};;;\r")
        print(f"TEL;TYPE=CELL:+447700900{index:03d}\r\nEND:VCARD\r")


if __name__ == "__main__":
    main()

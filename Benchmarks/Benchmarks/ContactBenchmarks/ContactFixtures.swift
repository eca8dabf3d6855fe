import ContactBook

/// A small deterministic generator (SplitMix64): the same book and the same
/// key presses on every run.
struct SplitMix {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Names and number formats of one locale. `#` in a format is a random
/// digit.
struct Locale {
  var given: [String]
  var family: [String]
  /// Family name first (Vietnamese, Chinese).
  var familyFirst = false
  /// Middle names, one of which is used half of the time.
  var middle: [String] = []
  var formats: [String]
  /// Relative share of the book.
  var weight: Int
}

enum ContactFixtures {
  static let locales: [Locale] = [
    Locale(
      given: [
        "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William",
        "Elizabeth", "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah",
        "Charles", "Karen", "Christopher", "Emily", "Daniel", "Olivia", "Matthew", "Sophie", "Mark",
        "Chloe", "Paul", "Grace", "Steven", "Hannah", "Andrew", "Lucy", "Kevin", "Amelia", "Brian",
        "Jo", "Ed", "Mary-Kate",
      ],
      family: [
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson",
        "Taylor", "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris",
        "Clark", "Lewis", "Walker", "Hall", "Young", "King", "Wright", "Scott", "Green", "Baker",
        "O'Brien", "O'Connor", "McDonald", "Fitzgerald", "St. John", "Evans", "Hughes", "Edwards",
      ],
      formats: ["+1 (###) ###-####", "(###) ###-####", "+44 20 #### ####", "07### ######"],
      weight: 22),
    Locale(
      given: [
        "José", "María", "Juan", "Lucía", "Sofía", "Martín", "Andrés", "Ángel", "Inés", "Sebastián",
        "Valentina", "Camila", "Mateo", "Joaquín", "Begoña", "Iñaki", "João", "Conceição",
        "Gonçalo", "Leonor", "Tomás", "Mónica", "Raúl", "Ramón", "María José", "Ana Sofía",
      ],
      family: [
        "García", "Rodríguez", "Martínez", "López", "González", "Pérez", "Sánchez", "Ramírez",
        "Núñez", "Muñoz", "Peña", "Jiménez", "Gutiérrez", "Álvarez", "Castaño", "da Silva",
        "dos Santos", "Gonçalves", "Araújo", "Fernandes", "Conceição", "Magalhães", "Brandão",
        "de la Cruz",
      ],
      formats: ["+34 6## ## ## ##", "+351 9## ### ###", "+55 11 9####-####", "+52 55 #### ####"],
      weight: 16),
    Locale(
      given: [
        "Jürgen", "Günter", "Jörg", "Björn", "Ursula", "Sabine", "Käthe", "Lukas", "Leonie",
        "Maximilian", "Anna-Lena", "Hans", "Uwe", "Dörte", "Jan", "Katrin", "Stefan", "Sören",
      ],
      family: [
        "Müller", "Schmidt", "Schneider", "Fischer", "Weiß", "Groß", "Schäfer", "Köhler", "Straßer",
        "Becker", "Hoffmann", "Meyer", "Wagner", "Schulz", "Bäcker", "Krüger", "Vogel", "Jäger",
      ],
      formats: ["+49 30 ########", "+49 17# #######", "0171 #######", "+43 664 #######"],
      weight: 12),
    Locale(
      given: [
        "Łukasz", "Paweł", "Michał", "Wojciech", "Małgorzata", "Agnieszka", "Katarzyna", "Bożena",
        "Jędrzej", "Grzegorz", "Zofia", "Krzysztof", "Żaneta", "Stanisław",
      ],
      family: [
        "Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński",
        "Szymański", "Woźniak", "Dąbrowski", "Kozłowska", "Jankowska", "Mazur", "Krawczyk",
      ],
      formats: ["+48 5## ### ###", "+48 22 ### ## ##", "6## ### ###"],
      weight: 8),
    Locale(
      given: [
        "Ayşe", "Fatma", "Emine", "Hatice", "Mehmet", "Mustafa", "Ahmet", "Ömer", "Çağrı", "Gül",
        "Şükrü", "İbrahim", "Özge", "Barış", "Yağmur", "Hüseyin",
      ],
      family: [
        "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Yıldırım", "Öztürk", "Aydın",
        "Özdemir", "Arslan", "Doğan", "Kılıç", "Aslan", "Çetin", "Koç",
      ],
      formats: ["+90 5## ### ## ##", "0 5## ### ## ##", "+90 212 ### ## ##"],
      weight: 8),
    Locale(
      given: [
        "Budi", "Siti", "Agus", "Dewi", "Sri", "Wahyu", "Putri", "Rizky", "Eko", "Indah", "Nur",
        "Adi", "Ayu", "Bambang", "Yusuf", "Fitri", "Muhammad", "Rina",
      ],
      family: [
        "Santoso", "Wijaya", "Susanto", "Hidayat", "Saputra", "Pratama", "Kusuma", "Setiawan",
        "Nugroho", "Halim", "Gunawan", "Lestari", "Rahmawati", "Siregar", "Nasution", "",
      ],
      formats: ["+62 812-####-####", "0812 #### ####", "+62 21 ### ####", "+62 857-####-###"],
      weight: 12),
    Locale(
      given: [
        "Anh", "Hùng", "Dũng", "Hương", "Lan", "Mai", "Tuấn", "Hải", "Thảo", "Linh", "Phương",
        "Trang", "Hạnh", "Quân", "Nhung", "Khoa", "Yến", "Đạt",
      ],
      family: [
        "Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi", "Đỗ",
        "Hồ", "Ngô", "Dương",
      ],
      familyFirst: true,
      middle: ["Văn", "Thị", "Đức", "Minh", "Thanh", "Ngọc", "Quốc", "Hữu", "Thùy"],
      formats: ["+84 9# ### ## ##", "09# ### ####", "+84 28 #### ####"],
      weight: 10),
    Locale(
      given: ["伟", "娜", "敏", "洋", "静", "Wei", "Na", "Min", "Yang", "Jing", "Xiǎo Lóng", "Lǚ"],
      family: ["王", "李", "张", "刘", "陈", "Wang", "Li", "Zhang", "Liu", "Chen", "Zhāng"],
      familyFirst: true,
      formats: ["+86 13# #### ####", "+852 #### ####", "+886 9## ### ###"],
      weight: 6),
    Locale(
      given: ["Иван", "Анна", "Дмитрий", "Ольга", "Сергей", "Наталья", "Алексей", "Елена"],
      family: ["Петров", "Смирнова", "Иванов", "Кузнецова", "Попов", "Соколова", "Волков"],
      formats: ["+7 9## ###-##-##", "8 (9##) ###-##-##", "+380 67 ### ## ##"],
      weight: 6),
  ]

  static let nicknames = ["Bobby", "Jojo", "Mum", "Dad", "Boss", "Coach", "Doc", "Tiny", "Abang"]
  static let organisations = [
    "Acme Corp", "Siemens AG", "Telkom Indonesia", "Universidad de Chile", "Türk Telekom",
    "Vietcombank", "Banco do Brasil", "PKO Bank Polski", "Deutsche Bahn", "City Hospital",
    "Plumber 24h", "Taxi Rápido",
  ]

  /// A book of `count` contacts, the same on every run.
  static func book(count: Int) -> (book: ContactBook, contacts: [Contact]) {
    var random = SplitMix(state: 20_261_122)
    let totalWeight = locales.reduce(0) { $0 + $1.weight }
    var contacts: [Contact] = []
    do {
      var book = try ContactBook(capacity: count)
      for _ in 0..<count {
        var roll = random.below(totalWeight)
        var locale = locales[0]
        for candidate in locales {
          if roll < candidate.weight {
            locale = candidate
            break
          }
          roll -= candidate.weight
        }
        let contact = makeContact(locale, &random)
        contacts.append(contact)
        try book.add(contact)
      }
      return (book, contacts)
    } catch {
      fatalError("\(error)")
    }
  }

  static func makeContact(_ locale: Locale, _ random: inout SplitMix) -> Contact {
    let given = random.pick(locale.given)
    let family = random.pick(locale.family)
    var parts: [String]
    if locale.familyFirst {
      parts = [family]
      if !locale.middle.isEmpty && random.chance(60) { parts.append(random.pick(locale.middle)) }
      parts.append(given)
    } else {
      parts = [given]
      if random.chance(8) { parts.append(random.pick(locale.given)) }
      parts.append(family)
    }
    let name = parts.filter { !$0.isEmpty }.joined(separator: " ")
    var numbers: [PhoneNumber] = []
    let labels: [PhoneNumber.Label] = [.mobile, .home, .work]
    for index in 0..<(1 + random.below(100) / 60 + random.below(100) / 85) {
      var text = ""
      for character in random.pick(locale.formats) {
        if character == "#" {
          text.append(Character(Unicode.Scalar(UInt8(48 + random.below(10)))))
        } else {
          text.append(character)
        }
      }
      numbers.append(PhoneNumber(text, label: labels[index % labels.count]))
    }
    let used = random.chance(25) ? 1 + random.below(40) : 0
    return Contact(
      name: String(name.prefix(Contact.maximumName)), numbers: numbers,
      nickname: random.chance(5) ? random.pick(nicknames) : "",
      organisation: random.chance(10) ? random.pick(organisations) : "",
      starred: random.chance(3), timesUsed: used,
      lastUsed: used > 0 ? Int64(1_760_000_000 + random.below(10_000_000)) : 0)
  }

  /// Queries of 1–10 keys derived from the contacts: runs of a name's key
  /// string from a token (mostly the first), initials then a run, and
  /// number fragments (from the start or anywhere).
  static func queries(from contacts: [Contact], count: Int) -> [[Character]] {
    var random = SplitMix(state: 42)
    var queries: [[Character]] = []
    while queries.count < count {
      let contact = random.pick(contacts)
      let length = 1 + random.below(10)
      let keys = SearchKeys(contact.name)
      let digits = Array(keys.text)
      var query: [Character] = []
      switch random.below(10) {
      case 0..<5 where !keys.tokenStarts.isEmpty:
        let start = random.chance(60) ? 0 : random.pick(keys.tokenStarts)
        query = Array(digits[start...].prefix(length))
      case 5..<7 where keys.tokenStarts.count >= 2:
        for start in keys.tokenStarts.dropLast() where query.isEmpty || random.chance(50) {
          query.append(digits[start])
        }
        let last = keys.tokenStarts[keys.tokenStarts.count - 1]
        query += digits[last...].prefix(Swift.max(0, length - query.count))
      default:
        guard let number = contact.numbers.first else { continue }
        let dialable = Array(
          number.searchDigits.digits.map { Character(Unicode.Scalar(48 + $0)) })
        let start = random.chance(40) ? 0 : random.below(Swift.max(1, dialable.count - 3))
        query = Array(dialable[start...].prefix(length))
      }
      if !query.isEmpty { queries.append(query) }
    }
    return queries
  }
}

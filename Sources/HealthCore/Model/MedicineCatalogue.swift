/// The blood-pressure medicines HealthLog knows by name (`Templates/care/medicines.json`): the
/// generic name it shows, the Chinese and brand names it recognises (氨氯地平 and Norvasc are
/// amlodipine), and each medicine's class or classes. A name not in it is kept as typed, with no class.
public struct MedicineCatalogue: Sendable {
    /// One known medicine.
    public struct Entry: Equatable, Sendable {
        /// The generic name, in English, lower case: `amlodipine`, `amlodipine/valsartan`.
        public let name: String
        /// Chinese names, the first the one shown.
        public let chinese: [String]
        /// Class ids, such as `calcium-channel-blocker`; two for a combination pill.
        public let classes: [String]
    }

    /// The class ids that are diuretics of the kind resistant hypertension asks about (ESH 2023:
    /// a thiazide or thiazide-like diuretic; a loop diuretic in kidney disease).
    public static let diureticClasses: Set<String> = ["thiazide-diuretic", "loop-diuretic"]

    /// The file's path under the Templates folder.
    public static let file = "care/medicines.json"

    private let entries: [Entry]
    /// Every recognised name, lower-cased, to its entry's index.
    private let byName: [String: Int]
    /// Class id to its English and Chinese names.
    private let classNames: [String: (english: String, chinese: String)]

    /// The catalogue with no medicines: every name is kept as typed.
    public static let empty = MedicineCatalogue(entries: [], byName: [:], classNames: [:])

    private init(entries: [Entry], byName: [String: Int], classNames: [String: (english: String, chinese: String)]) {
        self.entries = entries
        self.byName = byName
        self.classNames = classNames
    }

    /// Reads the catalogue's JSON: `{"classes": {id: {en, zh}}, "medicines": [{name, zh, also, classes}]}`.
    public init(json: JSONValue) throws(ValidationError) {
        let fields = try JSONFields(json)
        var classNames: [String: (english: String, chinese: String)] = [:]
        if let classes = try fields.optionalObject("classes") {
            for (key, _) in json["classes"]?.members ?? [] {
                guard let names = try classes.optionalObject(key) else { continue }
                classNames[key] = (try names.string("en"), try names.string("zh"))
            }
        }
        var entries: [Entry] = []
        var byName: [String: Int] = [:]
        for medicine in try fields.objects("medicines") {
            let name = try medicine.string("name").lowercased()
            let classes = try medicine.strings("classes")
            for id in classes where classNames[id] == nil {
                throw .invalid(Phrase("medicine {name} names the class '{id}', which 'classes' does not define", ["name": name, "id": id]))
            }
            let entry = Entry(name: name, chinese: try medicine.strings("zh"), classes: classes)
            for known in [name] + entry.chinese + (try medicine.strings("also")) {
                byName[MedicineCatalogue.key(known)] = entries.count
            }
            entries.append(entry)
        }
        self.init(entries: entries, byName: byName, classNames: classNames)
    }

    /// The entry for `name` as typed (any case, surrounding spaces ignored), or nil.
    public func entry(for name: String) -> Entry? {
        byName[MedicineCatalogue.key(name)].map { entries[$0] }
    }

    /// What two names of one medicine share: the generic name when known, else the typed name
    /// lower-cased, so that `Amlodipine`, `amlodipine` and `氨氯地平` are one medicine.
    public func identity(of name: String) -> String {
        entry(for: name)?.name ?? MedicineCatalogue.key(name)
    }

    /// The class's name in English or Chinese: `calcium-channel blocker` / `钙通道阻滞剂`.
    public func className(_ id: String, chinese: Bool) -> String {
        guard let names = classNames[id] else { return id }
        return chinese ? names.chinese : names.english
    }

    private static func key(_ name: String) -> String {
        String(name.trimmingWhitespace()).lowercased()
    }
}

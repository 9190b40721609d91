import HealthAnalytics
import HealthCore
import Testing

/// The regimen built from medicine events: courses by medicine (whatever name was typed), their
/// history, restarts, and what is taken on a day.
@Suite struct RegimenTests {
    static let catalogue = try! MedicineCatalogue(json: TemplatesFolder.document(at: "\(templatesFolder.directory)/\(MedicineCatalogue.file)"))

    func event(_ day: String, _ name: String, _ action: MedicineAction, dose: String? = nil, reason: String? = nil) -> Event {
        let date = CivilDate(iso: day)!
        let at = ZonedInstant(date: date, hour: 8, minute: 0, offsetMinutes: 480)
        let medicine = MedicineChange(name: name, action: action, dose: dose, reason: reason)
        return Event(profileID: "dad", at: at, kind: .medication, text: medicine.eventText, medicine: medicine)
    }

    @Test func coursesHistoryAndDays() {
        let events = [
            event("2026-10-01", "amlodipine", .start, dose: "5 mg"),
            event("2026-11-01", "氨氯地平", .change, dose: "10 mg"),
            event("2026-11-09", "Norvasc", .stop, reason: "ankle swelling"),
            event("2026-10-15", "indapamide", .start, dose: "1.5 mg"),
            event("2026-10-20", "ramipril", .start, dose: "5 mg"),
            Event(profileID: "dad", at: ZonedInstant(date: day("2026-10-02"), hour: 8, minute: 0, offsetMinutes: 480), text: "a free-text medication event"),
        ]
        let regimen = Regimen(events: events, catalogue: Self.catalogue)
        #expect(regimen.courses.map(\.identity) == ["amlodipine", "indapamide", "ramipril"])
        let amlodipine = regimen.courses[0]
        #expect(amlodipine.steps.map(\.action) == [.start, .change, .stop])
        #expect(amlodipine.dose == "10 mg")
        #expect(amlodipine.stopped?.localDate == CivilDate(iso: "2026-11-09"))
        #expect(amlodipine.classes == ["calcium-channel-blocker"])
        #expect(amlodipine.isTaken(on: CivilDate(iso: "2026-11-08")!))
        #expect(!amlodipine.isTaken(on: CivilDate(iso: "2026-11-09")!))
        // Three classes with a diuretic on 1 Nov; two after the stop.
        #expect(regimen.classes(on: day("2026-11-01")) == (count: 3, diuretic: true))
        #expect(regimen.classes(on: day("2026-11-10")) == (count: 2, diuretic: true))
        #expect(!regimen.allStopped(on: CivilDate(iso: "2026-11-10")!))
        let alone = Regimen(events: Array(events.prefix(3)), catalogue: Self.catalogue)
        #expect(alone.allStopped(on: CivilDate(iso: "2026-11-10")!))
        #expect(!alone.allStopped(on: CivilDate(iso: "2026-11-08")!))
    }

    @Test func restartIsANewCourseAndUnknownNamesKeepTheirName() {
        let regimen = Regimen(
            events: [
                event("2026-09-01", "Losartan", .start, dose: "50 mg"), event("2026-10-01", "losartan", .stop),
                event("2026-11-01", "LOSARTAN", .start, dose: "100 mg"), event("2026-11-02", "Grandma's Tea", .start, dose: "1 cup"),
            ], catalogue: Self.catalogue)
        #expect(regimen.courses.map(\.dose) == ["50 mg", "100 mg", "1 cup"])
        #expect(regimen.courses[2].identity == "grandma's tea")
        #expect(regimen.courses[2].name == "Grandma's Tea")
        #expect(regimen.courses[2].classes.isEmpty)
        #expect(regimen.taken(on: CivilDate(iso: "2026-10-15")!).isEmpty)
    }
}

/// The shipped catalogue: Chinese and brand names, classes, and a refusal that names the file's fault.
@Suite struct MedicineCatalogueTests {
    @Test func shippedNamesAndClasses() throws {
        let catalogue = RegimenTests.catalogue
        #expect(catalogue.entry(for: " 氨氯地平 ")?.name == "amlodipine")
        #expect(catalogue.entry(for: "NORVASC")?.name == "amlodipine")
        #expect(catalogue.entry(for: "吲达帕胺")?.classes == ["thiazide-diuretic"])
        #expect(catalogue.entry(for: "倍博特")?.classes == ["calcium-channel-blocker", "arb"])
        #expect(catalogue.identity(of: "Grandma's Tea") == "grandma's tea")
        #expect(catalogue.className("calcium-channel-blocker", chinese: true) == "钙通道阻滞剂")
        #expect(catalogue.className("thiazide-diuretic", chinese: false) == "thiazide or thiazide-like diuretic")
    }

    @Test func aClassNotDefinedIsRefused() throws {
        let json = try JSONReader(bytes: Array(#"{"classes": {}, "medicines": [{"name": "x", "zh": [], "also": [], "classes": ["arb"]}]}"#.utf8)).readValue()
        #expect(throws: ValidationError(Phrase("medicine {name} names the class '{id}', which 'classes' does not define", ["name": "x", "id": "arb"]))) {
            try MedicineCatalogue(json: json)
        }
    }
}

import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases
import HealthInterchange

extension CLIError {
    /// Maps a use case's failure to what the user is told and the exit code: a refused value
    /// is 65, a missing or unreadable input 66, an output that cannot be made 73, and a failed
    /// write or log 74. The library says what is missing; the command line says which option
    /// gives it, in the words of `words` (the library's own English when there are none).
    init(_ error: HealthLogError, words: StringTable?) {
        let say = { (phrase: Phrase) in phrase.said(in: words) }
        switch error {
        case .noProfiles:
            self = .data(words?.cli("error.noProfiles") ?? error.description)
        case .profileChoiceNeeded(let ids):
            self = .data(words?.cli("error.profileChoiceNeeded", ["profiles": ids.joined(separator: ", ")]) ?? error.description)
        case .defaultProfileDeleted(let id):
            self = .data(words?.cli("error.defaultProfileDeleted", ["profile": id]) ?? error.description)
        case .unknownProfile(let id, let known):
            guard let words else {
                self = .data(error.description)
                return
            }
            let list = known.isEmpty ? words.cli("error.noProfilesYet") : words.cli("error.profileList", ["profiles": known.joined(separator: ", ")])
            if let meant = Suggestion.nearest(to: id, among: known) {
                self = .data(words.cli("error.unknownProfile.meant", ["id": id, "meant": meant, "list": list]))
            } else {
                let add = Slug.isValid(id) ? words.cli("error.unknownProfile.add", ["id": id]) : ""
                self = .data(words.cli("error.unknownProfile", ["id": id, "list": list, "add": add]))
            }
        case .unknownReading(let id):
            self = .data(words?.cli("error.unknownReading", ["id": id]) ?? error.description)
        case .noDatabase(let path):
            self = .noInput(words?.cli("error.noDatabase", ["path": path]) ?? error.description)
        case .unknownTags(let unknown, let known):
            guard let words else {
                self = .data(error.description)
                return
            }
            let tags = unknown.map { id in
                Suggestion.nearest(to: id, among: known).map { words.cli("error.unknownTag.meant", ["id": id, "meant": $0]) }
                    ?? words.cli("error.unknownTag.id", ["id": id])
            }
            self = .data(words.cli("error.unknownTags", ["tags": words.list(tags), "known": known.joined(separator: ", ")]))
        case .unknownMedicines(let unknown, let known):
            self = .data(CLIError.unknownMedicines(unknown, known: known, words: words) ?? error.description)
        case .emptyRange(let id, let name, let range, let filtered):
            self = .data(
                words.map { $0.cli(filtered ? "error.emptyRange.filtered" : "error.emptyRange", ["profile": id, "name": name, "range": $0.range(range)]) }
                    ?? error.description)
        case .unrecognizedFormat(let path):
            self = .data(
                say(
                    Phrase(
                        "{path} is not a format healthlog reads (HealthLog CSV or JSON, FHIR R4, R4B or R5, Omron Connect, Withings, the bp-monitor app, Apple Health, Samsung Health); name one with --format, or read a spreadsheet with --columns 'date=…,time=…,systolic=…,diastolic=…'",
                        ["path": path])))
        case .profileRequired(let format):
            self = .data(say(Phrase("{format} file names no person; say whose readings these are with --profile ID", terms: ["format": format.withArticle])))
        case .dateOrderRequired(let path, let line, let date):
            if let readings = DateOrder.readings(ofAmbiguous: date) {
                self = .data(
                    say(
                        Phrase(
                            "{path}:{line}: {date} could be {dayFirst} (day first) or {monthFirst} (month first), and no date in the file tells which; say which with --date-order dmy or mdy",
                            [
                                "path": path, "line": String(line), "date": date, "dayFirst": readings.dayFirst.description,
                                "monthFirst": readings.monthFirst.description,
                            ])))
            } else {
                self = .data(
                    say(
                        Phrase(
                            "{path}:{line}: dates like {date} could be day/month or month/day; say which with --date-order dmy, mdy or ymd",
                            ["path": path, "line": String(line), "date": date])))
            }
        case .invalidRecords(let path, let problems):
            self = .data(
                say(
                    problems.count == 1
                        ? Phrase("1 invalid record in {path}; nothing was imported (use --skip-invalid to import the valid ones)", ["path": path])
                        : Phrase(
                            "{n} invalid records in {path}; nothing was imported (use --skip-invalid to import the valid ones)",
                            ["n": String(problems.count), "path": path])))
        case .tooManyInvalidRecords(let path, let problems):
            self = .data(
                say(
                    Phrase(
                        "{path} has more than {n} invalid records (the first are above); reading stopped and nothing was imported. Is it the right file?",
                        ["path": path, "n": String(problems.count)])))
        case .other(let kind, let phrase):
            let message = say(phrase)
            switch kind {
            case .refused: self = .data(message)
            case .unreadableInput: self = .noInput(message)
            case .cannotCreate: self = .cannotCreate(message)
            case .failed: self = .io(message)
            case .unavailable: self = .unavailable(message)
            case .misconfigured: self = .config(message)
            case .timedOut: self = .timedOut(message)
            }
        }
    }
}

extension CLIError {
    /// The message for medicines named as taken that the regimen does not have, in `words`.
    static func unknownMedicines(_ unknown: [String], known: [String], words: StringTable?) -> String? {
        guard let words else { return nil }
        let what = unknown.isEmpty
            ? words.cli("error.noDoseDue") : words.cli("error.unknownMedicines", ["names": words.list(unknown.map { $0.visibleControls(lineBreaks: .symbol) })])
        let taken = known.isEmpty ? words.cli("error.noMedicinesTaken") : words.cli("error.medicinesTaken", ["names": words.list(known.map { $0.visibleControls(lineBreaks: .symbol) })])
        return words.cli("error.medicinesNotTaken", ["what": what, "taken": taken])
    }
}

import HealthCommandLine
import HealthCore
import HealthUseCases

/// The values `add` and `edit` share: `SYS/DIA [PULSE]`, `--pulse`, `--weight`, `--tag`, `--note`, `--at`.
struct ReadingInput {
    var bloodPressure: BloodPressure?
    var pulse: Int?
    var weightGrams: Int?
    /// nil when no `--tag` was given.
    var tagIDs: [String]?
    var note: String?
    var takenAt: ZonedInstant?
    /// `--office` or `--home`; nil when neither was given.
    var site: MeasurementSite?
    /// True when `--at` named a wall time that happens twice (the hour the clocks go back);
    /// the earlier instant was taken, and the confirmation says so.
    var atRepeatedWallTime = false

    static let pulseOption = Option<String>("--pulse", value: "N", help: "Pulse in beats per minute (\(ValueLimits.pulse.rangeText)).")
    static let weight = Option<String>("--weight", short: "-w", value: "KG", help: "Weight in kg, e.g. 72.5 (\(ValueLimits.weightText)).")
    static let tag = Option<String>(
        "--tag", short: "-t", value: "ID[,ID]", repeatable: true, help: "Status tags, e.g. bp-med,exercise (see 'healthlog tag list')."
    ).completing(.tags)
    static let noteOption = Option<String>("--note", short: "-n", value: "TEXT", help: "A free-text note.")
    static let at = Option<String>("--at", value: "WHEN", help: atHelp + " (default: now).")
    /// `edit --at`: a time not given leaves the reading's as it is.
    static let editAt = Option<String>("--at", value: "WHEN", help: atHelp + ".")
    static let atHelp = "When it was taken: 07:45, 'yesterday 21:30', '2 hours ago', 'monday 8:00', 'Dec 4 7:30', 昨天晚上9点, '2026-11-30 07:45' or ISO 8601"
    static let office = Flag("--office", help: "Taken at the clinic: kept out of every home figure, shown as the office figure.")
    static let home = Flag("--home", help: "Taken at home (the default); with edit, undoes --office.")
    static let options: [any OptionDeclaration] = [pulseOption, weight, tag, noteOption, at, office, home]
    /// `edit`'s: the same, with `--at` not defaulting to now.
    static let editOptions: [any OptionDeclaration] = [pulseOption, weight, tag, noteOption, editAt, office, home]

    /// Reads the values; `positionals` are the `SYS/DIA [PULSE]` words.
    init(_ arguments: ParsedArguments, positionals typed: ArraySlice<String>, context: CommandContext) throws(CLIError) {
        let words = try context.words()
        // A Chinese input method may type `１３８／８６`: its full-width digits and slash are the ASCII ones.
        let positionals = typed.map(\.halfWidth)[...]
        // `add 138 86`: two numbers where SYS/DIA was meant.
        if let first = positionals.first, !first.contains("/"), let second = positionals.dropFirst().first,
            let systolic = parseWholeNumber(first[...]), let diastolic = parseWholeNumber(second[...]), systolic > diastolic
        {
            throw arguments.usage(words.cli("error.twoNumbers", ["text": "\(first) \(second)", "meant": "\(systolic)/\(diastolic)"]))
        }
        do {
            if let first = positionals.first {
                bloodPressure = try BloodPressure.parse(first)
            }
        } catch {
            // Text that is not SYS/DIA at all is said in the terminal's words; the English
            // table passes the parser's own reason through.
            guard error.kind == .unreadable, let first = positionals.first else { throw CLIError(error, arguments: arguments) }
            throw arguments.usage(words.cli("error.bloodPressure", ["text": first, "reason": words.say(error.phrase)]))
        }
        let positionalPulse = positionals.dropFirst().first
        if positionalPulse != nil, arguments.isGiven(ReadingInput.pulseOption) {
            throw arguments.usage(Phrase("pulse is given twice, as an argument and with --pulse"))
        }
        let pulseText: String?
        if let positionalPulse { pulseText = positionalPulse } else { pulseText = try arguments.value(ReadingInput.pulseOption)?.halfWidth }
        if let text = pulseText {
            guard let value = parseWholeNumber(text[...]) else {
                throw arguments.usage(words.cli("error.pulse", ["text": text, "range": words.say(ValueLimits.pulse.rangePhrase)]))
            }
            do { try ValueLimits.pulse.check(value) } catch { throw .data(arguments.say(error.phrase)) }
            pulse = value
        }
        if let text = try arguments.value(ReadingInput.weight)?.halfWidth {
            guard let grams = parseKilograms(text) else {
                if let fraction = text.split(separator: ".").dropFirst().first, fraction.count > 3, fraction.allSatisfy(\.isASCIIDigit) {
                    throw arguments.usage(Phrase("weight '{text}' is finer than a gram; give at most 3 decimals, like 72.125", ["text": "\(text)"]))
                }
                throw arguments.usage(Phrase("weight '{text}' is not a number of kilograms like 72.5 ({weightText})", ["text": "\(text)", "weightText": "\(ValueLimits.weightText)"]))
            }
            do { try ValueLimits.checkWeight(grams: grams) } catch { throw .data(arguments.say(error.phrase)) }
            weightGrams = grams
        }
        if arguments.isGiven(ReadingInput.tag) {
            tagIDs = ReadingFilterOptions.tagList(try arguments.values(ReadingInput.tag))
        }
        note = try arguments.value(ReadingInput.noteOption)
        switch (arguments.isSet(ReadingInput.office), arguments.isSet(ReadingInput.home)) {
        case (true, true): throw arguments.usage(Phrase("give --office or --home, not both"))
        case (true, false): site = .office
        case (false, true): site = .home
        case (false, false): site = nil
        }
        if let when = try arguments.value(ReadingInput.at) {
            takenAt = try ReadingInput.instant(at: when, context: context, arguments: arguments)
            atRepeatedWallTime = ReadingInput.isRepeatedWallTime(when, takenAt!, context: context)
        }
    }

    /// The usage error for `add 120 80 70` (three whole numbers where `SYS/DIA PULSE` goes, the
    /// first above the second), pointing to `120/80 70`; nil for anything else.
    static func threeNumbers(_ arguments: [String], spec: CommandSpec, words: StringTable?) -> CLIError? {
        guard let start = spec.arguments.firstIndex(where: { $0.name == "SYS/DIA" }), arguments.count >= start + 3,
            !arguments.prefix(start).contains(where: { $0.hasPrefix("-") })
        else { return nil }
        let numbers = arguments[start..<start + 3].map { parseWholeNumber($0.halfWidth[...]) }
        guard let systolic = numbers[0], let diastolic = numbers[1], let pulse = numbers[2], systolic > diastolic else { return nil }
        let values = ["text": arguments[start..<start + 3].joined(separator: " "), "meant": "\(systolic)/\(diastolic) \(pulse)"]
        return .usage(words?.cli("error.twoNumbers", values) ?? "'\(values["text"]!)' is not a blood pressure; did you mean \(values["meant"]!)?", command: spec.commandLine)
    }

    /// The instant `--at WHEN` names, checked to be plausible (``WhenExpression/pastInstant(_:now:zone:birthYear:)``):
    /// not in the future, not before 1900, not a day without a time of day.
    static func instant(at when: String, context: CommandContext, arguments: ParsedArguments) throws(CLIError) -> ZonedInstant {
        do {
            return try WhenExpression.pastInstant(when, now: context.now, zone: context.zone)
        } catch where error.kind == .unreadable {
            throw CLIError(error, arguments: arguments, option: "--at")
        } catch {
            // Just after midnight, "23:50" (23点50) means last night; a refused clock alone is ahead of now.
            let message =
                WhenExpression.isClockAlone(when)
                ? Phrase("--at '{when}': {error}; did you mean 'yesterday {when}'?", ["when": when], terms: ["error": error.phrase])
                : Phrase("--at '{when}': {error}", ["when": when], terms: ["error": error.phrase])
            throw .data(arguments.say(message))
        }
    }

    /// True when `when` named a wall time (not an ISO instant) that happens twice in the zone.
    static func isRepeatedWallTime(_ when: String, _ instant: ZonedInstant, context: CommandContext) -> Bool {
        ZonedInstant(iso8601: when.trimmingWhitespace().description) == nil
            && context.zone.instants(date: instant.localDate, hour: instant.hour, minute: instant.minute, second: instant.second).count > 1
    }

    /// The line that says which of two equal wall times was taken.
    static func repeatedWallTimeNote(_ instant: ZonedInstant, words: StringTable) -> String {
        words.cli("add.repeatedWallTime", ["date": instant.localDate.description, "time": instant.localTimeText, "offset": instant.offsetText])
    }

    /// The line that says which of two equal wall times was taken, or nil.
    func repeatedWallTimeNote(_ words: StringTable) -> String? {
        guard atRepeatedWallTime, let takenAt else { return nil }
        return ReadingInput.repeatedWallTimeNote(takenAt, words: words)
    }

    /// The values as the log takes them.
    var entry: ReadingEntry {
        ReadingEntry(
            bloodPressure: bloodPressure, pulse: pulse, weightGrams: weightGrams, tagIDs: tagIDs, note: note, takenAt: takenAt, site: site)
    }

    /// True when nothing measurable was given.
    var hasNoMeasurement: Bool { entry.hasNoMeasurement }
}

extension String {
    /// The text with full-width ASCII forms (`１３８／８６`, U+FF01–U+FF5E) and the ideographic
    /// space as the ASCII characters they stand for; anything else as it is.
    var halfWidth: String {
        guard unicodeScalars.contains(where: { (0xFF01...0xFF5E).contains($0.value) || $0.value == 0x3000 }) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                result.append(ascii)
            } else {
                result.append(scalar.value == 0x3000 ? " " : scalar)
            }
        }
        return String(result)
    }
}

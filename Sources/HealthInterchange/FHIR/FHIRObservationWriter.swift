import HealthCore

/// Writes a reading's Observations as entries of a Bundle's `entry` array, straight as bytes in
/// exactly the layout ``JSONValue/serialized(indent:depth:)`` gives them (two-space indents, the
/// entry two levels deep): what ``FHIRExport`` says a reading becomes, without a value built for
/// each Observation. The constant parts are bytes made once; numbers and times are written digit
/// by digit.
struct FHIRObservationWriter {
    /// The `subject` member of each profile's Observations, made once per profile.
    private var subjects: [String: [UInt8]] = [:]
    private var lastProfileID: String?
    private var lastSubject: [UInt8] = []
    /// The reading's `lastUpdated` and `effectiveDateTime` values, shared by its Observations.
    private var updated: [UInt8] = []
    private var taken: [UInt8] = []

    init() {
        updated.reserveCapacity(64)
        taken.reserveCapacity(64)
    }

    /// Appends the Observations of `reading` to `output`; `entries` counts the Bundle's entries
    /// written so far (the first goes without a comma before it).
    mutating func write(_ reading: Reading, into output: inout OutputBuffer, entries: inout Int) {
        let pressure = reading.bloodPressure
        let pulse = reading.pulse
        let grams = reading.weightGrams
        guard pressure != nil || pulse != nil || grams != nil else { return }
        let id = reading.id
        Self.instant(milliseconds: reading.updatedAt, into: &updated)
        Self.iso8601(reading.takenAt, into: &taken)
        let subject = subjectMember(profileID: reading.profileID)
        var first = true
        for kind in Kind.allCases {
            switch kind {
            case .bloodPressure: if pressure == nil { continue }
            case .pulse: if pulse == nil { continue }
            case .weight: if grams == nil { continue }
            }
            output.append(entries == 0 ? Fragment.firstEntry : Fragment.nextEntry)
            entries += 1
            let observationID = first ? id : NameBasedUUID.make("\(id)/\(kind.name)")
            output.append(Fragment.fullUrl)
            output.appendJSONStringContent(observationID)
            output.append(Fragment.resourceID)
            output.appendJSONString(observationID)
            output.append(Fragment.lastUpdated)
            output.append(updated)
            output.append(kind.profile)
            if first { writeTags(of: reading, into: &output) }
            output.append(Fragment.identifier)
            output.appendJSONString(id)
            output.append(kind.code)
            output.append(subject)
            output.append(Fragment.effective)
            output.append(taken)
            if kind == .bloodPressure, let pressure {
                output.append(Fragment.systolic)
                output.appendDecimal(pressure.systolic)
                output.append(Fragment.diastolic)
                output.appendDecimal(pressure.diastolic)
                output.append(Fragment.pressureEnd)
            } else if kind == .pulse, let pulse {
                output.append(Fragment.quantityValue)
                output.appendDecimal(pulse)
                output.append(Fragment.beatsPerMinute)
            } else if let grams {
                output.append(Fragment.quantityValue)
                Self.kilograms(grams: grams, into: &output)
                output.append(Fragment.kilograms)
            }
            if first && !reading.note.isEmpty {
                output.append(Fragment.note)
                output.appendJSONString(reading.note)
                output.append(Fragment.noteEnd)
            }
            output.append(Fragment.entryEnd)
            first = false
        }
        output.flushIfFull()
    }

    /// The status tags and, for a reading taken at the clinic, the site, in `meta.tag`.
    private func writeTags(of reading: Reading, into output: inout OutputBuffer) {
        let office = reading.site == .office
        guard !reading.tagIDs.isEmpty || office else { return }
        output.append(Fragment.tagsStart)
        var firstTag = true
        for tag in reading.tagIDs {
            output.append(firstTag ? Fragment.firstTag : Fragment.nextTag)
            output.appendJSONString(tag)
            output.append(Fragment.tagEnd)
            firstTag = false
        }
        if office {
            output.append(firstTag ? Fragment.firstSite : Fragment.nextSite)
            output.appendJSONString(MeasurementSite.office.rawValue)
            output.append(Fragment.tagEnd)
        }
        output.append(Fragment.tagsEnd)
    }

    /// `"subject": {"reference": "urn:uuid:<patient>"}` for the profile's Patient.
    private mutating func subjectMember(profileID: String) -> [UInt8] {
        if profileID == lastProfileID { return lastSubject }
        let subject = subjects[profileID] ?? {
            var bytes = Array(Fragment.subjectStart)
            JSONValue.appendQuoted("urn:uuid:\(FHIRExport.patientUUID(profileID))", to: &bytes)
            bytes += Array(Fragment.subjectEnd)
            return bytes
        }()
        if subjects.count < 1024 { subjects[profileID] = subject }
        lastProfileID = profileID
        lastSubject = subject
        return subject
    }

    // MARK: - Numbers and times, digit by digit

    /// `value` as ``formatKilograms(_:)`` writes it: `72`, `72.5`, `72.25`.
    private static func kilograms(grams: Int, into output: inout OutputBuffer) {
        guard grams >= 0 else { return output.append(utf8: formatKilograms(grams)) }
        output.appendDecimal(grams / 1000)
        var fraction = grams % 1000
        guard fraction != 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        output.append(byte: UInt8(ascii: "."))
        output.appendZeroPadded(fraction, width: digits)
    }

    /// `"2026-11-30T07:45:00`: the opening quote, the date and the time to the second, which
    /// both kinds of instant write alike.
    private static func appendOpening(_ date: CivilDate, secondOfDay second: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        date.appendDigits(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTwoDigits(second / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(second / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(second % 60, to: &bytes)
    }

    /// `"2026-11-30T07:45:00+08:00"` (quoted), as ``ZonedInstant/iso8601`` writes it.
    private static func iso8601(_ instant: ZonedInstant, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        let date = instant.localDate
        let magnitude = abs(instant.offsetMinutes)
        guard (0...9999).contains(date.year), magnitude < 100 * 60 else { return JSONValue.appendQuoted(instant.iso8601, to: &bytes) }
        let second = instant.secondOfDay
        appendOpening(date, secondOfDay: second, to: &bytes)
        bytes.append(UInt8(ascii: instant.offsetMinutes < 0 ? "-" : "+"))
        appendTwoDigits(magnitude / 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(magnitude % 60, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"2026-11-30T07:45:10.123Z"` (quoted), as ``InstantText/format(milliseconds:)`` writes it.
    private static func instant(milliseconds: Int64, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let instant = ZonedInstant(utcSeconds: seconds, offsetMinutes: 0)
        let date = instant.localDate
        guard (0...9999).contains(date.year) else { return JSONValue.appendQuoted(InstantText.format(milliseconds: milliseconds), to: &bytes) }
        let second = instant.secondOfDay
        let millis = Int(milliseconds - seconds * 1000)
        appendOpening(date, secondOfDay: second, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(millis / 100))
        appendTwoDigits(millis % 100, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

extension CivilDate {
    /// `YYYY-MM-DD` (the year 0–9999) appended as ASCII digits, as ``description`` writes it.
    fileprivate func appendDigits(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0") + UInt8(year / 1000))
        bytes.append(UInt8(ascii: "0") + UInt8(year / 100 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(year / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(year % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(UInt8(ascii: "0") + UInt8(month / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(month % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(UInt8(ascii: "0") + UInt8(day / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(day % 10))
    }
}

// MARK: - The constant parts

extension FHIRObservationWriter {
    /// The Observations a reading becomes, in the order they are written.
    enum Kind: CaseIterable {
        case bloodPressure, pulse, weight

        /// What the Observation's id is made from, after the reading's id (`<reading id>/pulse`).
        var name: String {
            switch self {
            case .bloodPressure: "bp"
            case .pulse: "pulse"
            case .weight: "weight"
            }
        }

        /// `meta.profile`: the vital-signs profile the Observation follows.
        var profile: [UInt8] {
            switch self {
            case .bloodPressure: Fragment.bloodPressureProfile
            case .pulse: Fragment.heartRateProfile
            case .weight: Fragment.bodyWeightProfile
            }
        }

        /// From the end of `meta` to `code`, which names what was measured.
        var code: [UInt8] {
            switch self {
            case .bloodPressure: Fragment.bloodPressureCode
            case .pulse: Fragment.heartRateCode
            case .weight: Fragment.bodyWeightCode
            }
        }
    }

    /// The bytes between the values, each made once. `line(depth, text)` starts a line indented
    /// `depth` levels, as the pretty printer does; an entry of the Bundle's array sits two deep.
    enum Fragment {
        static let firstEntry = bytes("\n    ")
        static let nextEntry = bytes(",\n    ")
        static let fullUrl = bytes("{" + line(3, "\"fullUrl\": \"urn:uuid:"))
        static let resourceID = bytes(
            "\"," + line(3, "\"resource\": {") + line(4, "\"resourceType\": \"Observation\",") + line(4, "\"id\": "))
        static let lastUpdated = bytes("," + line(4, "\"meta\": {") + line(5, "\"lastUpdated\": "))
        static let bloodPressureProfile = profile(FHIRCodes.bloodPressureProfile)
        static let heartRateProfile = profile(FHIRCodes.heartRateProfile)
        static let bodyWeightProfile = profile(FHIRCodes.bodyWeightProfile)
        static let tagsStart = bytes("," + line(5, "\"tag\": ["))
        static let firstTag = tag(system: FHIRCodes.tagSystem, first: true)
        static let nextTag = tag(system: FHIRCodes.tagSystem, first: false)
        static let firstSite = tag(system: FHIRCodes.siteSystem, first: true)
        static let nextSite = tag(system: FHIRCodes.siteSystem, first: false)
        static let tagEnd = bytes(line(6, "}"))
        static let tagsEnd = bytes(line(5, "]"))
        static let identifier = bytes(
            line(4, "},") + line(4, "\"identifier\": [") + line(5, "{") + line(6, "\"system\": \"\(FHIRCodes.readingSystem)\",")
                + line(6, "\"value\": "))
        static let bloodPressureCode = code(FHIRCodes.bloodPressurePanel, display: "Blood pressure panel with all children optional")
        static let heartRateCode = code(FHIRCodes.heartRate, display: "Heart rate")
        static let bodyWeightCode = code(FHIRCodes.bodyWeight, display: "Body weight")
        static let subjectStart = bytes(line(4, "\"subject\": {") + line(5, "\"reference\": "))
        static let subjectEnd = bytes(line(4, "},"))
        static let effective = bytes(line(4, "\"effectiveDateTime\": "))
        static let systolic = bytes("," + line(4, "\"component\": [") + component(FHIRCodes.systolic, display: "Systolic blood pressure", first: true))
        static let diastolic = bytes(
            millimetresTail + component(FHIRCodes.diastolic, display: "Diastolic blood pressure", first: false))
        static let pressureEnd = bytes(millimetresTail + line(4, "]"))
        static let quantityValue = bytes("," + line(4, "\"valueQuantity\": {") + line(5, "\"value\": "))
        static let beatsPerMinute = quantityTail(unit: "beats/minute", code: "/min")
        static let kilograms = quantityTail(unit: "kg", code: "kg")
        static let note = bytes("," + line(4, "\"note\": [") + line(5, "{") + line(6, "\"text\": "))
        static let noteEnd = bytes(line(5, "}") + line(4, "]"))
        static let entryEnd = bytes(line(3, "}") + line(2, "}"))

        private static let category =
            line(4, "\"category\": [") + line(5, "{") + line(6, "\"coding\": [") + line(7, "{")
            + line(8, "\"system\": \"\(FHIRCodes.observationCategory)\",") + line(8, "\"code\": \"vital-signs\",")
            + line(8, "\"display\": \"Vital Signs\"") + line(7, "}") + line(6, "],") + line(6, "\"text\": \"Vital Signs\"") + line(5, "}")
            + line(4, "],")

        /// The end of a component's quantity and of the component.
        private static let millimetresTail =
            "," + line(7, "\"unit\": \"mmHg\",") + line(7, "\"system\": \"\(FHIRCodes.ucum)\",") + line(7, "\"code\": \"mm[Hg]\"")
            + line(6, "}") + line(5, "}")

        private static func profile(_ url: String) -> [UInt8] {
            bytes("," + line(5, "\"profile\": [") + line(6, "\"\(url)\"") + line(5, "]"))
        }

        private static func tag(system: String, first: Bool) -> [UInt8] {
            bytes((first ? "" : ",") + line(6, "{") + line(7, "\"system\": \"\(system)\",") + line(7, "\"code\": "))
        }

        /// From the end of `identifier` through `category` and `code`.
        private static func code(_ code: String, display: String) -> [UInt8] {
            bytes(
                line(5, "}") + line(4, "],") + line(4, "\"status\": \"final\",") + category + line(4, "\"code\": {")
                    + line(5, "\"coding\": [") + line(6, "{") + line(7, "\"system\": \"\(FHIRCodes.loinc)\",")
                    + line(7, "\"code\": \"\(code)\",") + line(7, "\"display\": \"\(display)\"") + line(6, "}") + line(5, "],")
                    + line(5, "\"text\": \"\(display)\"") + line(4, "},"))
        }

        /// A component of the blood-pressure panel, up to its quantity's value.
        private static func component(_ code: String, display: String, first: Bool) -> String {
            (first ? "" : ",") + line(5, "{") + line(6, "\"code\": {") + line(7, "\"coding\": [") + line(8, "{")
                + line(9, "\"system\": \"\(FHIRCodes.loinc)\",") + line(9, "\"code\": \"\(code)\",")
                + line(9, "\"display\": \"\(display)\"") + line(8, "}") + line(7, "]") + line(6, "},") + line(6, "\"valueQuantity\": {")
                + line(7, "\"value\": ")
        }

        private static func quantityTail(unit: String, code: String) -> [UInt8] {
            bytes(
                "," + line(5, "\"unit\": \"\(unit)\",") + line(5, "\"system\": \"\(FHIRCodes.ucum)\",") + line(5, "\"code\": \"\(code)\"")
                    + line(4, "}"))
        }

        private static func line(_ depth: Int, _ text: String) -> String { "\n" + String(repeating: "  ", count: depth) + text }

        private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    }
}

import HealthCore

/// Reads FHIR R4 (and R4B and R5, which write vital signs alike; DSTU2 and STU3 are refused,
/// see ``FHIRRelease``) as systems write it: a Bundle of any type (collection, transaction, batch,
/// searchset, document), a single resource, or NDJSON with one resource per line (Bulk Data).
///
/// Only what HealthLog uses is decoded: Patients, and the Observations for blood pressure
/// (panel 85354-9 or the older 55284-4 with components 8480-6 and 8462-4, or the two as
/// separate Observations), heart rate (8867-4) and body weight (29463-7, 3141-9; kg, g or lb).
/// Every other resource is skipped by its `resourceType` and counted. Observations of one
/// subject in one minute become one reading. HealthLog's own export comes back exactly: its
/// Observations carry the reading id, which is matched by id only.
enum FHIRImport {
    static func decode(_ input: ImportInput, context: DecodeContext, into sink: ImportSink) throws(InterchangeError) {
        let reader = JSONReader(limits: InputLimits.json) { buffer in try input.read(into: buffer) }
        var state = FHIRReadState(context: context, sink: sink)
        do {
            guard try reader.peek() == .object else {
                throw InterchangeError.malformed(path: context.name, reason: Phrase("a FHIR file starts with a resource: {\"resourceType\": …}"))
            }
            // The root: a Bundle, whose entries are read one at a time, or one resource.
            try reader.enterObject()
            var members: [(String, JSONValue)] = []
            var sawEntries = false
            while let key = try reader.nextKey() {
                guard key == "entry" else {
                    members.append((key, try reader.readValue()))
                    continue
                }
                sawEntries = true
                try reader.enterArray()
                var index = 0
                while try reader.nextElement() {
                    try state.entry(try reader.readValue(), index: index)
                    index += 1
                }
            }
            let root = JSONValue.object(members)
            guard let type = root["resourceType"]?.string else {
                throw InterchangeError.malformed(path: context.name, reason: Phrase("line 1: the resource has no resourceType"))
            }
            if let older = FHIRRelease.older(root, fullUrl: nil) {
                throw InterchangeError.malformed(path: context.name, reason: FHIRRelease.refusal(older))
            }
            if type != "Bundle" {
                guard !sawEntries else {
                    throw InterchangeError.malformed(path: context.name, reason: Phrase("a {type} with entries; only a Bundle has them", ["type": "\(type)"]))
                }
                try state.resource(root, fullUrl: nil, location: context.location(line: 1))
            }
            // NDJSON: one more resource on each further line.
            while try !reader.atEnd() {
                let line = reader.line
                let value = try reader.readValue()
                guard value.members != nil else {
                    throw InterchangeError.malformed(path: "\(context.name):\(line)", reason: Phrase("a resource must be a JSON object"))
                }
                try state.resource(value, fullUrl: nil, location: context.location(line: line))
            }
        } catch let error as InterchangeError {
            throw error
        } catch let error as JSONSyntaxError {
            throw .malformed(path: context.name, reason: Phrase(verbatim: error.description))
        } catch {
            throw .malformed(path: context.name, reason: Phrase(verbatim: "\(error)"))
        }
        try state.finish()
        try sink.flush()
    }
}

/// What has been read of a FHIR file so far: its Patients, and the vital signs grouped into
/// readings until they are complete.
private struct FHIRReadState {
    /// The values of one reading, gathered from one or more Observations.
    struct Group {
        var subject: String
        /// A HealthLog reading id from the Observations' identifier, when they carry one.
        var ownID: String?
        var derivedID: String
        var takenAt: ZonedInstant
        var systolic: Int?
        var diastolic: Int?
        var pulse: Int?
        var weightGrams: Int?
        var tags: [String] = []
        var note = ""
        var site = MeasurementSite.home
        var updatedAt: Int64
        var location: String
        /// True while only a monitor's status bits are in it: they belong to the reading of their minute.
        var statusOnly = false
    }

    let context: DecodeContext
    let sink: ImportSink
    /// Each Patient reference (`fullUrl`, `Patient/id`) to its profile; nil for one left out by `--profile`.
    var patients: [String: String?] = [:]
    /// Each reference of a Patient that is no HealthLog profile (`fullUrl`, `Patient/id`) to the one
    /// name of that person, `Patient/id`.
    var foreignPersons: [String: String] = [:]
    /// The one person whose records go into the chosen profile: a Patient that is no HealthLog
    /// profile, or a subject the file does not hold. A second is refused, never mixed in.
    var chosenPerson: String?
    var groups: [String: Group] = [:]
    var order: [String] = []
    /// The group of HealthLog's own Observations being read; HealthLog writes one reading's
    /// Observations together, so it is complete when the next reading starts.
    var openOwnGroup: String?
    /// An own group found complete while reading the next Observation, to be handed over.
    var completedOwnGroup: String?

    init(context: DecodeContext, sink: ImportSink) {
        self.context = context
        self.sink = sink
    }

    mutating func entry(_ entry: JSONValue, index: Int) throws(InterchangeError) {
        guard let resource = entry["resource"], resource.members != nil else {
            sink.skip(Phrase("Bundle entries without a resource"))
            return
        }
        let kind = resource["resourceType"]?.string ?? "?"
        let id = resource["id"]?.string.map { " " + $0 } ?? ""
        try self.resource(resource, fullUrl: entry["fullUrl"]?.string, location: "\(context.name): entry[\(index)] (\(kind)\(id))")
    }

    mutating func resource(_ resource: JSONValue, fullUrl: String?, location: String) throws(InterchangeError) {
        if let older = FHIRRelease.older(resource, fullUrl: fullUrl) {
            throw .malformed(path: location, reason: FHIRRelease.refusal(older))
        }
        switch resource["resourceType"]?.string {
        case "Patient": try patient(resource, fullUrl: fullUrl, location: location)
        case "Observation": try observation(resource, fullUrl: fullUrl, location: location)
        case let other? where other == "MedicationStatement" || other == "Basic":
            if ownEventID(resource) != nil { try event(resource, location: location) } else { sink.skip(Phrase(verbatim: other)) }
        case let other?: sink.skip(Phrase(verbatim: other))
        case nil: try sink.problem(at: location, Phrase("it has no resourceType"))
        }
    }

    // MARK: - Patients

    private mutating func patient(_ patient: JSONValue, fullUrl: String?, location: String) throws(InterchangeError) {
        let own = patient["identifier"]?.array?.first { $0["system"]?.string == FHIRCodes.profileSystem }?["value"]?.string
        let profileID: String?
        if let own {
            profileID = context.onlyProfile.map { $0 == own ? own : nil } ?? own
            if let profileID { try addProfile(patient, id: profileID, location: location) }
        } else {
            guard let chosen = context.profile else {
                throw .profileRequired(format: .fhir)
            }
            let person = patient["id"]?.string.map { "Patient/\($0)" } ?? fullUrl ?? location
            for key in [fullUrl, patient["id"]?.string.map { "Patient/\($0)" }].compactMap({ $0 }) { foreignPersons[key] = person }
            guard try isChosenPerson(person, location: location) else {
                let leftOut: String? = nil
                if let fullUrl { patients[fullUrl] = leftOut }
                if let id = patient["id"]?.string { patients["Patient/\(id)"] = leftOut }
                return
            }
            // A profile this import creates takes the Patient's name, birth year and sex.
            profileID = chosen
            try addProfile(patient, id: chosen, location: location)
        }
        if let fullUrl { patients[fullUrl] = profileID }
        if let id = patient["id"]?.string { patients["Patient/\(id)"] = profileID }
    }

    private func addProfile(_ patient: JSONValue, id: String, location: String) throws(InterchangeError) {
        let extensions = patient["extension"]?.array ?? []
        let integer = { (url: String) in extensions.first { $0["url"]?.string == url }?["valueInteger"]?.int }
        var target: BloodPressure?
        if let systolic = integer(FHIRCodes.targetSystolic), let diastolic = integer(FHIRCodes.targetDiastolic) {
            target = BloodPressure(systolic: systolic, diastolic: diastolic)
        }
        let updated = patient["meta"]?["lastUpdated"]?.string.flatMap(InstantText.parse) ?? context.now
        // A HumanName is its text, or its given names and family name.
        let name = patient["name"]?[0]
        let parts = (name?["given"]?.array ?? []).compactMap(\.string) + [name?["family"]?.string].compactMap { $0 }
        var profile = Profile(
            id: id, name: name?["text"]?.string ?? (parts.isEmpty ? id : parts.joined(separator: " ")),
            birthYear: patient["birthDate"]?.string.flatMap { Int($0.prefix(4)) },
            sex: patient["gender"]?.string.flatMap(Profile.Sex.init(rawValue:)), target: target, createdAt: updated, updatedAt: updated)
        let codes = extensions.filter { $0["url"]?.string == FHIRCodes.condition }.compactMap { $0["valueCode"]?.string }
        profile.conditions = Condition.list(codes.joined(separator: ",")) ?? []
        profile.pregnancyDue = extensions.first { $0["url"]?.string == FHIRCodes.pregnancyDue }?["valueDate"]?.string.flatMap { CivilDate(iso: $0) }
        profile.frail = extensions.first { $0["url"]?.string == FHIRCodes.frail }?["valueBoolean"]?.bool ?? false
        profile.sleep = extensions.first { $0["url"]?.string == FHIRCodes.sleep }?["valueString"]?.string.flatMap { SleepHours($0) }
        try sink.add(profile, at: location)
    }

    /// The profile a subject reference belongs to: a Patient of this file, else the chosen one.
    private func profile(ofSubject subject: String) -> String?? {
        if let found = patients[subject] { return found }
        // An absolute URL of a Patient this file also names as `Patient/id`.
        if let found = patients[Self.patientReference(subject)] { return found }
        return context.profile.map { .some($0) }
    }

    /// `Patient/id` for an absolute URL of a Patient (`…/Patient/id`, a server's full URL), else `subject`.
    private static func patientReference(_ subject: String) -> String {
        let parts = subject.split(separator: "/")
        guard parts.count >= 2, let index = parts.lastIndex(of: "Patient"), index + 1 < parts.count else { return subject }
        return "Patient/\(parts[index + 1])"
    }

    /// The profile a record of `subject` goes into, or nil when it goes nowhere: not a Patient of
    /// this file with no profile named (said as a problem), left out by `--profile`, or a second
    /// person for the chosen profile (said as a problem).
    private mutating func profileOrProblem(ofSubject subject: String, location: String) throws(InterchangeError) -> String? {
        guard let found = profile(ofSubject: subject) else {
            try sink.problem(at: location, Phrase("its subject '{subject}' is not a Patient in this file, and no profile was named to import into", ["subject": "\(subject)"]))
            return nil
        }
        guard let profileID = found else { return nil }  // another profile's, left out by --profile
        // A record with no subject names no second person; one of a HealthLog profile is that profile's.
        let own = patients[subject] != nil && foreignPersons[subject] == nil
            || patients[Self.patientReference(subject)] != nil && foreignPersons[Self.patientReference(subject)] == nil
        if subject.isEmpty || own { return profileID }
        let person = foreignPersons[subject] ?? foreignPersons[Self.patientReference(subject)] ?? Self.patientReference(subject)
        return try isChosenPerson(person, location: location) ? profileID : nil
    }

    /// True when `person` may go into the chosen profile: the first such person, or the same one
    /// again. A second is a problem at `location`.
    private mutating func isChosenPerson(_ person: String, location: String) throws(InterchangeError) -> Bool {
        guard let first = chosenPerson else {
            chosenPerson = person
            return true
        }
        if first == person { return true }
        try sink.problem(
            at: location,
            Phrase(
                "a second person ({person}) besides {first}, and neither is a HealthLog profile: one profile never holds two people's readings; import each person's file on its own",
                ["person": person, "first": first]))
        return false
    }

    // MARK: - Events

    /// The HealthLog event id a MedicationStatement or Basic resource carries, or nil for a foreign one.
    private func ownEventID(_ resource: JSONValue) -> String? {
        resource["identifier"]?.array?.first { $0["system"]?.string == FHIRCodes.eventSystem }?["value"]?.string
    }

    /// One of HealthLog's own events: a MedicationStatement, or a Basic resource for the other kinds.
    private mutating func event(_ resource: JSONValue, location: String) throws(InterchangeError) {
        let subject = resource["subject"]?["reference"]?.string ?? ""
        guard let profileID = try profileOrProblem(ofSubject: subject, location: location) else { return }
        let extensions = resource["extension"]?.array ?? []
        let value = { (url: String, key: String) in extensions.first { $0["url"]?.string == url }?[key]?.string }
        let isMedication = resource["resourceType"]?.string == "MedicationStatement"
        let kind = value(FHIRCodes.eventKind, "valueCode").flatMap(EventKind.init(rawValue:)) ?? (isMedication ? .medication : .other)
        let atText = isMedication ? resource["effectiveDateTime"]?.string : value(FHIRCodes.eventAt, "valueDateTime")
        let text = isMedication
            ? resource["medicationCodeableConcept"]?["text"]?.string : resource["code"]?["text"]?.string
        guard let atText, let at = instant(atText) else {
            try sink.problem(at: location, Phrase("the event has no time with a UTC offset"))
            return
        }
        let updated = resource["meta"]?["lastUpdated"]?.string.flatMap(InstantText.parse) ?? context.now
        let created = resource["dateAsserted"]?.string.flatMap(InstantText.parse) ?? updated
        var medicine: MedicineChange?
        if let parts = extensions.first(where: { $0["url"]?.string == FHIRCodes.medicine })?["extension"]?.array {
            let part = { (url: String, key: String) in parts.first { $0["url"]?.string == url }?[key]?.string }
            if let name = part("name", "valueString"), let action = part("action", "valueCode").flatMap(MedicineAction.init(rawValue:)) {
                medicine = MedicineChange(
                    name: name, action: action, dose: part("dose", "valueString"), times: part("times", "valueString").flatMap(MedicineChange.times) ?? [],
                    reason: part("reason", "valueString"))
            }
        }
        try sink.add(
            Event(
                id: (ownEventID(resource) ?? "").lowercased(), profileID: profileID, at: at, kind: kind, text: text ?? "",
                medicine: medicine, createdAt: created, updatedAt: updated),
            at: location)
    }

    // MARK: - Observations

    private enum Kind {
        case panel, systolic, diastolic, heartRate, weight, bloodPressureStatus
    }

    private static let kinds: [String: Kind] = [
        FHIRCodes.bloodPressurePanel: .panel, FHIRCodes.bloodPressurePanelOld: .panel, FHIRCodes.systolic: .systolic,
        FHIRCodes.diastolic: .diastolic, FHIRCodes.heartRate: .heartRate, FHIRCodes.bodyWeight: .weight,
        FHIRCodes.bodyWeightMeasured: .weight,
    ]

    private static func loincCodes(_ concept: JSONValue?) -> [String] {
        (concept?["coding"]?.array ?? []).compactMap { coding in
            coding["system"]?.string == FHIRCodes.loinc ? coding["code"]?.string : nil
        }
    }

    private mutating func observation(_ observation: JSONValue, fullUrl: String?, location: String) throws(InterchangeError) {
        let isStatus = (observation["code"]?["coding"]?.array ?? []).contains {
            $0["system"]?.string == FHIRCodes.ieee11073 && $0["code"]?.string == FHIRCodes.bloodPressureStatus
        }
        guard let kind = isStatus ? .bloodPressureStatus : FHIRReadState.loincCodes(observation["code"]).lazy.compactMap({ FHIRReadState.kinds[$0] }).first else {
            sink.skip(Phrase("Observation (not a vital sign HealthLog keeps)"))
            return
        }
        if FHIRReadState.isUnmeasured(observation, kind: kind) {
            sink.skip(Phrase("measurements the monitor could not make (no value, a dataAbsentReason)"))
            return
        }
        do {
            try add(observation, kind: kind, fullUrl: fullUrl, location: location)
        } catch {
            try sink.problem(at: location, error.phrase)
        }
        if let key = completedOwnGroup {
            completedOwnGroup = nil
            try complete(key)
        }
    }

    /// True for a monitor's own failed measurement: no value, and a `dataAbsentReason` saying why,
    /// as the HL7 PHD guide writes one whose Measurement-Status says invalid, not available or still
    /// measuring. It is skipped and counted, as Omron's device error rows are. A panel is one when
    /// every blood pressure it has is absent so: one absent beside a value is half a reading, refused.
    private static func isUnmeasured(_ observation: JSONValue, kind: Kind) -> Bool {
        let absent = { (element: JSONValue) in element["dataAbsentReason"] != nil && element["valueQuantity"] == nil }
        switch kind {
        case .bloodPressureStatus: return false
        case .panel:
            let pressures = (observation["component"]?.array ?? []).filter { component in
                loincCodes(component["code"]).contains { $0 == FHIRCodes.systolic || $0 == FHIRCodes.diastolic }
            }
            return pressures.isEmpty ? absent(observation) : pressures.allSatisfy(absent)
        case .systolic, .diastolic, .heartRate, .weight: return absent(observation)
        }
    }

    private mutating func add(_ observation: JSONValue, kind: Kind, fullUrl: String?, location: String) throws(ValidationError) {
        if observation["status"]?.string == "entered-in-error" { throw .invalid(Phrase("its status is entered-in-error")) }
        let takenAt = try effectiveTime(observation)
        let subject = observation["subject"]?["reference"]?.string ?? ""
        let own = observation["identifier"]?.array?.first { $0["system"]?.string == FHIRCodes.readingSystem }?["value"]?.string
        // HealthLog's Observations share the reading id; others group by subject and minute.
        let key = own.map { "own/\($0)" } ?? "\(subject)@\(floorDivide(takenAt.utcSeconds, 60))"
        if let open = openOwnGroup, open != key {
            completedOwnGroup = open
            openOwnGroup = nil
        }
        var group = groups[key] ?? Group(
            subject: subject, ownID: own.flatMap { Reading.isValidID($0) ? $0.lowercased() : nil },
            derivedID: [observation["id"]?.string, fullUrl.flatMap { $0.hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : nil }]
                .compactMap { $0 }.first { Reading.isValidID($0) }?.lowercased()
                ?? NameBasedUUID.make("fhir/\(fullUrl ?? observation["id"]?.string ?? key)"),
            takenAt: takenAt, updatedAt: context.now, location: location)
        if kind != .bloodPressureStatus { group.statusOnly = false }
        switch kind {
        case .panel:
            var values: [String: Int] = [:]
            for component in observation["component"]?.array ?? [] {
                let code = FHIRReadState.loincCodes(component["code"]).first { $0 == FHIRCodes.systolic || $0 == FHIRCodes.diastolic }
                guard let code else { continue }
                let name = code == FHIRCodes.systolic ? "systolic" : "diastolic"
                if let reason = component["dataAbsentReason"] {
                    let why = reason["coding"]?[0]?["code"]?.string ?? reason["text"]?.string ?? "absent"
                    throw .invalid(Phrase("a blood pressure needs both systolic and diastolic ({name} has dataAbsentReason {why})", ["why": "\(why)"], terms: ["name": fieldTerm(name)]))
                }
                values[code] = try whole(component["valueQuantity"], name: name, units: ["mm[Hg]", "mmHg", "mm Hg"])
            }
            guard let systolic = values[FHIRCodes.systolic], let diastolic = values[FHIRCodes.diastolic] else {
                throw .invalid(Phrase("a blood pressure needs both systolic and diastolic"))
            }
            group.systolic = systolic
            group.diastolic = diastolic
        case .systolic: group.systolic = try whole(observation["valueQuantity"], name: "systolic", units: ["mm[Hg]", "mmHg", "mm Hg"])
        case .diastolic: group.diastolic = try whole(observation["valueQuantity"], name: "diastolic", units: ["mm[Hg]", "mmHg", "mm Hg"])
        case .heartRate:
            group.pulse = try whole(observation["valueQuantity"], name: "heart rate", units: ["/min", "beats/minute", "{beats}/min", "bpm"])
        case .bloodPressureStatus:
            for tag in FHIRReadState.statusTags(observation) where !group.tags.contains(tag) { group.tags.append(tag) }
            group.statusOnly = groups[key].map { $0.statusOnly } ?? true
        case .weight:
            guard let quantity = observation["valueQuantity"], let value = quantity["value"]?.double else {
                throw .invalid(Phrase("body weight has no value"))
            }
            let unit = quantity["code"]?.string ?? quantity["unit"]?.string ?? ""
            guard ["kg", "g", "[lb_av]", "lb", "lbs"].contains(unit) else { throw .invalid(Phrase("body weight unit '{unit}' is not kg, g or [lb_av]", ["unit": "\(unit)"])) }
            guard let weight = grams(value, unit: unit) else { throw .invalid(Phrase("body weight {value} {unit} is out of range ({weightText})", ["value": "\(value)", "unit": "\(unit)", "weightText": "\(ValueLimits.weightText)"])) }
            group.weightGrams = weight
        }
        if let updated = observation["meta"]?["lastUpdated"]?.string.flatMap(InstantText.parse) {
            group.updatedAt = groups[key] == nil ? updated : max(group.updatedAt, updated)
        }
        let note = (observation["note"]?.array ?? []).compactMap { $0["text"]?.string }.joined(separator: "\n")
        if !note.isEmpty { group.note = note }
        for tag in observation["meta"]?["tag"]?.array ?? [] {
            switch tag["system"]?.string {
            case FHIRCodes.tagSystem:
                if let code = tag["code"]?.string, !group.tags.contains(code) { group.tags.append(code) }
            case FHIRCodes.siteSystem:
                if let site = tag["code"]?.string.flatMap(MeasurementSite.init(rawValue:)) { group.site = site }
            default: break
            }
        }
        if groups[key] == nil { order.append(key) }
        groups[key] = group
        if own != nil { openOwnGroup = key }
    }

    /// A date-time with its offset. One written in UTC (`Z`) is an instant a device or gateway
    /// wrote without the patient's clock: it is shown in `--tz` (else the machine's zone), as the
    /// notebook and `--columns` show it, so a morning reading stays a morning one. HealthLog's
    /// own export writes `+00:00`, which is kept as written.
    private func instant(_ text: String) -> ZonedInstant? {
        guard let instant = ZonedInstant(iso8601: text) else { return nil }
        guard text.last == "Z" || text.last == "z" else { return instant }
        return ZonedInstant(utcSeconds: instant.utcSeconds, offsetMinutes: context.zone.offsetMinutes(atUTC: instant.utcSeconds))
    }

    /// `effectiveDateTime`, `effectiveInstant` or `effectivePeriod.start`; a time without an
    /// offset is read in `--tz`, and a date with no time is refused, never guessed.
    private func effectiveTime(_ observation: JSONValue) throws(ValidationError) -> ZonedInstant {
        let (name, value): (String, String?) =
            if let text = observation["effectiveDateTime"]?.string { ("effectiveDateTime", text) }
            else if let text = observation["effectiveInstant"]?.string { ("effectiveInstant", text) }
            else if let text = observation["effectivePeriod"]?["start"]?.string { ("effectivePeriod.start", text) }
            else { ("effectiveDateTime", nil) }
        guard let text = value else { throw .invalid(Phrase("it has no effectiveDateTime")) }
        if let instant = instant(text) { return instant }
        if text.count <= 10, text.first?.isNumber == true, !text.contains(":") {
            throw .invalid(Phrase("{name} '{text}' has a date but no time", ["text": "\(text)"], terms: ["name": fieldTerm(name)]))
        }
        if text.count >= 16, let date = CivilDate(iso: text.prefix(10)), text.dropFirst(10).first == "T",
            let clock = WallClockText.time(String(text.dropFirst(11)))
        {
            return try context.zone.wallClockInstant(
                date: date, hour: clock.hour, minute: clock.minute, second: clock.second, written: "\(name) '\(text)'")
        }
        throw .invalid(Phrase("{name} '{text}' is not a date-time like 2024-03-05T08:30:00+01:00", ["text": "\(text)"], terms: ["name": fieldTerm(name)]))
    }

    private func whole(_ quantity: JSONValue?, name: String, units: [String]) throws(ValidationError) -> Int {
        guard let quantity, let value = quantity["value"]?.double else { throw .invalid(Phrase("the {name} value is missing", terms: ["name": fieldTerm(name)])) }
        if let unit = quantity["code"]?.string ?? quantity["unit"]?.string, !units.contains(unit) {
            throw .invalid(Phrase("{name} unit '{unit}' is not {units}", ["unit": "\(unit)", "units": "\(units[0])"], terms: ["name": fieldTerm(name)]))
        }
        guard let whole = roundedInt(value) else { throw .invalid(Phrase("{name} value {value} is out of range", ["value": "\(value)"], terms: ["name": fieldTerm(name)])) }
        return whole
    }

    // MARK: - Readings

    /// Turns the group `key` into a reading in the sink.
    private mutating func complete(_ key: String) throws(InterchangeError) {
        guard let group = groups.removeValue(forKey: key) else { return }
        guard let profileID = try profileOrProblem(ofSubject: group.subject, location: group.location) else { return }
        guard (group.systolic == nil) == (group.diastolic == nil) else {
            try sink.problem(at: group.location, Phrase("a blood pressure needs both systolic and diastolic"))
            return
        }
        let reading = Reading(
            id: group.ownID ?? group.derivedID, profileID: profileID, takenAt: group.takenAt,
            bloodPressure: group.systolic.flatMap { s in group.diastolic.map { BloodPressure(systolic: s, diastolic: $0) } },
            pulse: group.pulse, weightGrams: group.weightGrams, tagIDs: group.tags, note: group.note, site: group.site,
            createdAt: group.updatedAt, updatedAt: group.updatedAt)
        try sink.add(reading, rule: group.ownID != nil ? .sameID : .sameValues, at: group.location)
    }

    /// The tags a blood-pressure status Observation's set bits give: each component is one bit,
    /// coded `8410608.N` (ASN1ToHL7) or named in its text, set when its value is `Y` or true.
    private static func statusTags(_ observation: JSONValue) -> [String] {
        (observation["component"]?.array ?? []).compactMap { component in
            let set = component["valueBoolean"]?.bool
                ?? (component["valueCodeableConcept"]?["coding"]?.array ?? []).contains { ["Y", "true"].contains($0["code"]?.string ?? "") }
            guard set else { return nil }
            let codes = (component["code"]?["coding"]?.array ?? []).compactMap { coding -> String? in
                guard let code = coding["code"]?.string, code.hasPrefix(FHIRCodes.bloodPressureStatus + ".") else { return nil }
                return FHIRCodes.bloodPressureStatusTags[String(code.dropFirst(FHIRCodes.bloodPressureStatus.count + 1))]
            }
            return codes.first ?? component["code"]?["text"]?.string.flatMap { FHIRCodes.bloodPressureStatusNames[$0] }
        }
    }

    /// Completes every group left, in the order they were met. A group with no subject (a heart
    /// rate a gateway sent without one) or with only a monitor's status bits joins the one group
    /// of its minute that has a subject, rather than being a reading of its own.
    mutating func finish() throws(InterchangeError) {
        for key in order {
            guard let group = groups[key], group.ownID == nil, group.subject.isEmpty || group.statusOnly else { continue }
            let minute = key.split(separator: "@").last.map(String.init) ?? ""
            let partners = order.filter { other in
                other != key && other.hasSuffix("@" + minute) && groups[other].map { !$0.subject.isEmpty && !$0.statusOnly && $0.ownID == nil } == true
            }
            guard partners.count == 1, var partner = groups[partners[0]], partner.subject == group.subject || group.subject.isEmpty,
                partner.pulse == nil || group.pulse == nil || partner.pulse == group.pulse,
                partner.weightGrams == nil || group.weightGrams == nil, group.systolic == nil || partner.systolic == nil
            else { continue }
            partner.pulse = partner.pulse ?? group.pulse
            partner.weightGrams = partner.weightGrams ?? group.weightGrams
            partner.systolic = partner.systolic ?? group.systolic
            partner.diastolic = partner.diastolic ?? group.diastolic
            for tag in group.tags where !partner.tags.contains(tag) { partner.tags.append(tag) }
            if partner.note.isEmpty { partner.note = group.note }
            groups[partners[0]] = partner
            groups[key] = nil
        }
        for key in order where groups[key] != nil {
            if groups[key]?.statusOnly == true {
                groups[key] = nil
                sink.skip(Phrase("blood-pressure status with no reading in its minute"))
                continue
            }
            try complete(key)
        }
    }
}

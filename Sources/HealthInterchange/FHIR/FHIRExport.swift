public import HealthCore

/// FHIR R4: a `collection` Bundle with one Patient per profile and Observations that follow
/// the vital-signs profiles.
///
/// How HealthLog's own data travels, so it comes back on import:
/// - a Patient has `identifier` `urn:healthlog:profile` = the profile id, and the target (when
///   one is set) in extensions `urn:healthlog:target-systolic` / `-diastolic`;
/// - one reading becomes up to three Observations (BP panel 85354-9, heart rate 8867-4, body
///   weight 29463-7) sharing `identifier` `urn:healthlog:reading` = the reading id; the first
///   has the reading id as its id and `urn:uuid:` fullUrl, and carries the note
///   (`Observation.note`), the status tags (`meta.tag`, system `urn:healthlog:status-tag`) and,
///   for a reading taken at the clinic, `meta.tag` `urn:healthlog:site` = `office`;
/// - an event is a MedicationStatement (medication) or a Basic resource (lifestyle, other) with
///   `identifier` `urn:healthlog:event` = the event id, the kind in `urn:healthlog:event-kind`
///   and the time in `effectiveDateTime` (Basic: extension `urn:healthlog:event-at`).
public enum FHIRExport {
    public static func encode(profiles: [Profile], events: [Event] = [], readings: [Reading], exportedAt: ZonedInstant) -> [UInt8] {
        let sink = MemorySink()
        write(profiles: profiles, events: events, exportedAt: exportedAt, into: sink) { emit in readings.forEach(emit) }
        return sink.bytes
    }

    /// Writes the Bundle into `sink`: Patients and events first, then the Observations of every
    /// reading `readings` hands to its `emit`, one at a time, in flat memory.
    public static func write<Failure: Error>(
        profiles: [Profile], events: [Event], exportedAt: ZonedInstant, into sink: any ByteSink,
        readings: (_ emit: (Reading) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        var writer = JSONDocumentWriter(into: sink)
        writer.member("resourceType", .string("Bundle"))
        writer.member("id", .string(NameBasedUUID.make("bundle/\(exportedAt.iso8601)")))
        writer.member("type", .string("collection"))
        writer.member("timestamp", .string(exportedAt.iso8601))
        writer.beginArray("entry")
        for profile in profiles { writer.element(entry(fullUrl: "urn:uuid:\(patientUUID(profile.id))", resource: patient(profile))) }
        for event in events { writer.element(entry(fullUrl: "urn:uuid:\(event.id)", resource: resource(for: event))) }
        // Each profile's Patient id is made once, not for every Observation.
        var patients: [String: String] = [:]
        try readings { reading in
            let patient = patients[reading.profileID] ?? patientUUID(reading.profileID)
            if patients.count < 1024 { patients[reading.profileID] = patient }
            for observation in observations(for: reading, patient: patient) { writer.element(observation) }
        }
        writer.end()
    }

    static func patientUUID(_ profileID: String) -> String { NameBasedUUID.make("patient/\(profileID)") }

    private static func entry(fullUrl: String, resource: JSONValue) -> JSONValue {
        .object([("fullUrl", .string(fullUrl)), ("resource", resource)])
    }

    private static func coding(_ system: String, _ code: String, _ display: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("system", .string(system)), ("code", .string(code))]
        if let display { members.append(("display", .string(display))) }
        return .object(members)
    }

    private static func patient(_ profile: Profile) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("Patient")), ("id", .string(profile.id)),
            ("meta", .object([("lastUpdated", .string(InstantText.format(milliseconds: profile.updatedAt)))])),
            ("identifier", .array([.object([("system", .string(FHIRCodes.profileSystem)), ("value", .string(profile.id))])])),
            ("name", .array([.object([("text", .string(profile.name))])])),
        ]
        var extensions: [JSONValue] = []
        if let target = profile.target {
            extensions += [
                .object([("url", .string(FHIRCodes.targetSystolic)), ("valueInteger", .int(target.systolic))]),
                .object([("url", .string(FHIRCodes.targetDiastolic)), ("valueInteger", .int(target.diastolic))]),
            ]
        }
        extensions += profile.conditions.map { .object([("url", .string(FHIRCodes.condition)), ("valueCode", .string($0.rawValue))]) }
        if let due = profile.pregnancyDue { extensions.append(.object([("url", .string(FHIRCodes.pregnancyDue)), ("valueDate", .string(due.description))])) }
        if profile.frail { extensions.append(.object([("url", .string(FHIRCodes.frail)), ("valueBoolean", .bool(true))])) }
        if let sleep = profile.sleep { extensions.append(.object([("url", .string(FHIRCodes.sleep)), ("valueString", .string(sleep.description))])) }
        if !extensions.isEmpty { members.insert(("extension", .array(extensions)), at: 3) }
        if let sex = profile.sex { members.append(("gender", .string(sex.rawValue))) }
        if let year = profile.birthYear { members.append(("birthDate", .string(String(year)))) }
        return .object(members)
    }

    /// The Observations of `reading`, whose profile's Patient has the id `patient`.
    private static func observations(for reading: Reading, patient: String) -> [JSONValue] {
        var parts: [(kind: String, code: String, display: String, profile: String, value: [(String, JSONValue)])] = []
        if let pressure = reading.bloodPressure {
            let component = { (code: String, display: String, value: Int) -> JSONValue in
                .object([
                    ("code", .object([("coding", .array([coding(FHIRCodes.loinc, code, display)]))])),
                    ("valueQuantity", millimetres(value)),
                ])
            }
            parts.append((
                "bp", FHIRCodes.bloodPressurePanel, "Blood pressure panel with all children optional", FHIRCodes.bloodPressureProfile,
                [("component", .array([
                    component(FHIRCodes.systolic, "Systolic blood pressure", pressure.systolic),
                    component(FHIRCodes.diastolic, "Diastolic blood pressure", pressure.diastolic),
                ]))]))
        }
        if let pulse = reading.pulse {
            parts.append((
                "pulse", FHIRCodes.heartRate, "Heart rate", FHIRCodes.heartRateProfile,
                [("valueQuantity", quantity(.int(pulse), unit: "beats/minute", code: "/min"))]))
        }
        if let grams = reading.weightGrams {
            parts.append((
                "weight", FHIRCodes.bodyWeight, "Body weight", FHIRCodes.bodyWeightProfile,
                [("valueQuantity", quantity(.number(formatKilograms(grams)), unit: "kg", code: "kg"))]))
        }
        // Shared by the reading's Observations, so formatted once.
        let updated = JSONValue.string(InstantText.format(milliseconds: reading.updatedAt))
        let taken = JSONValue.string(reading.takenAt.iso8601)
        return parts.enumerated().map { index, part in
            let id = index == 0 ? reading.id : NameBasedUUID.make("\(reading.id)/\(part.kind)")
            var meta: [(String, JSONValue)] = [
                ("lastUpdated", updated), ("profile", .array([.string(part.profile)])),
            ]
            var stamps = index == 0 ? reading.tagIDs.map { coding(FHIRCodes.tagSystem, $0) } : []
            if index == 0 && reading.site == .office { stamps.append(coding(FHIRCodes.siteSystem, MeasurementSite.office.rawValue)) }
            if !stamps.isEmpty { meta.append(("tag", .array(stamps))) }
            var members: [(String, JSONValue)] = [
                ("resourceType", .string("Observation")), ("id", .string(id)), ("meta", .object(meta)),
                ("identifier", .array([.object([("system", .string(FHIRCodes.readingSystem)), ("value", .string(reading.id))])])),
                ("status", .string("final")),
                ("category", .array([.object([
                    ("coding", .array([coding(FHIRCodes.observationCategory, "vital-signs", "Vital Signs")])), ("text", .string("Vital Signs")),
                ])])),
                ("code", .object([("coding", .array([coding(FHIRCodes.loinc, part.code, part.display)])), ("text", .string(part.display))])),
                ("subject", .object([("reference", .string("urn:uuid:\(patient)"))])),
                ("effectiveDateTime", taken),
            ]
            members += part.value
            if index == 0 && !reading.note.isEmpty { members.append(("note", .array([.object([("text", .string(reading.note))])]))) }
            return entry(fullUrl: "urn:uuid:\(id)", resource: .object(members))
        }
    }

    /// A medication event as a MedicationStatement (a dose taken: one whose status is
    /// completed); any other as a Basic resource.
    private static func resource(for event: Event) -> JSONValue {
        let shared: [(String, JSONValue)] = [
            ("id", .string(event.id)),
            ("meta", .object([("lastUpdated", .string(InstantText.format(milliseconds: event.updatedAt)))])),
            ("extension", .array([.object([("url", .string(FHIRCodes.eventKind)), ("valueCode", .string(event.kind.rawValue))])])),
            ("identifier", .array([.object([("system", .string(FHIRCodes.eventSystem)), ("value", .string(event.id))])])),
        ]
        let subject: (String, JSONValue) = ("subject", .object([("reference", .string("urn:uuid:\(patientUUID(event.profileID))"))]))
        if event.kind == .medication || event.kind == .dose {
            var members = [("resourceType", JSONValue.string("MedicationStatement"))] + shared
            var dosage: [(String, JSONValue)] = []
            if let medicine = event.medicine {
                var parts: [JSONValue] = [
                    .object([("url", .string("name")), ("valueString", .string(medicine.name))]),
                    .object([("url", .string("action")), ("valueCode", .string(medicine.action.rawValue))]),
                ]
                if let dose = medicine.dose { parts.append(.object([("url", .string("dose")), ("valueString", .string(dose))])) }
                if !medicine.times.isEmpty { parts.append(.object([("url", .string("times")), ("valueString", .string(medicine.timesText))])) }
                if let reason = medicine.reason { parts.append(.object([("url", .string("reason")), ("valueString", .string(reason))])) }
                if let index = members.firstIndex(where: { $0.0 == "extension" }) {
                    members[index].1 = .array((members[index].1.array ?? []) + [.object([("url", .string(FHIRCodes.medicine)), ("extension", .array(parts))])])
                }
                if let dose = medicine.dose { dosage = [("dosage", .array([.object([("text", .string(dose))])]))] }
            }
            return .object(
                members + [
                    ("status", .string(FHIRExport.status(of: event))),
                    ("medicationCodeableConcept", .object([("text", .string(event.text))])), subject,
                    ("effectiveDateTime", .string(event.at.iso8601)),
                    ("dateAsserted", .string(InstantText.format(milliseconds: event.createdAt))),
                ] + dosage)
        }
        var members = shared
        members[2] = (
            "extension",
            .array([
                .object([("url", .string(FHIRCodes.eventKind)), ("valueCode", .string(event.kind.rawValue))]),
                .object([("url", .string(FHIRCodes.eventAt)), ("valueDateTime", .string(event.at.iso8601))]),
            ])
        )
        return .object(
            [("resourceType", .string("Basic"))] + members + [
                ("code", .object([("coding", .array([coding(FHIRCodes.eventKind, event.kind.rawValue)])), ("text", .string(event.text))])),
                subject, ("created", .string(String(event.at.iso8601.prefix(10)))),
            ])
    }

    /// A MedicationStatement's status: `completed` for a dose taken, `stopped` for a stop, else `active`.
    private static func status(of event: Event) -> String {
        switch event.medicine?.action {
        case .taken?: "completed"
        case .stop?: "stopped"
        default: "active"
        }
    }

    private static func quantity(_ value: JSONValue, unit: String, code: String) -> JSONValue {
        .object([("value", value), ("unit", .string(unit)), ("system", .string(FHIRCodes.ucum)), ("code", .string(code))])
    }

    private static func millimetres(_ value: Int) -> JSONValue { quantity(.int(value), unit: "mmHg", code: "mm[Hg]") }
}

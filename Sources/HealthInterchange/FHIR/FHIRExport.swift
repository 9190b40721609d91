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
    ///
    /// The Bundle is laid out as ``JSONValue/serialized(indent:)`` lays out a value (two-space
    /// indents); the Observations, millions in a large log, are written straight as bytes by
    /// ``FHIRObservationWriter`` and handed to `sink` about 64 KiB at a time.
    public static func write<Failure: Error>(
        profiles: [Profile], events: [Event], exportedAt: ZonedInstant, into sink: any ByteSink,
        readings: (_ emit: (Reading) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        var output = OutputBuffer(into: sink)
        output.append(utf8: "{\n  \"resourceType\": \"Bundle\",\n  \"id\": ")
        output.appendJSONString(NameBasedUUID.make("bundle/\(exportedAt.iso8601)"))
        output.append(utf8: ",\n  \"type\": \"collection\",\n  \"timestamp\": ")
        output.appendJSONString(exportedAt.iso8601)
        output.append(utf8: ",\n  \"entry\": [")
        var entries = 0
        let append = { (value: JSONValue, output: inout OutputBuffer) in
            output.append(utf8: entries == 0 ? "\n    " : ",\n    ")
            output.append(utf8: value.serialized(indent: "  ", depth: 2))
            entries += 1
        }
        for profile in profiles { append(entry(fullUrl: "urn:uuid:\(patientUUID(profile.id))", resource: patient(profile)), &output) }
        for event in events { append(entry(fullUrl: "urn:uuid:\(event.id)", resource: resource(for: event)), &output) }
        var observations = FHIRObservationWriter()
        try readings { reading in observations.write(reading, into: &output, entries: &entries) }
        output.append(utf8: entries == 0 ? "]\n}" : "\n  ]\n}")
        output.flush()
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
}

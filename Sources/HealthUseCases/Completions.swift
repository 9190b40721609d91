import HealthCore

/// What a shell's completion asks the log for (`healthlog completions --ids KIND`).
public enum CompletionKind: String, CaseIterable, Sendable {
    case profiles, tags, events, readings
}

extension HealthLog {
    /// How many of the latest readings complete: a shell lists them all, newest first.
    public static let completedReadings = 30

    /// The ids a shell completes, one a line: profiles', tags', events' (8 characters), or the
    /// latest readings' (8 characters, a tab, then the date and values). Only text as HealthLog
    /// makes it reaches a shell: a log written by another program could hold any text, and a
    /// shell must never be handed one to expand, so any other line is left out.
    public func completionLines(_ kind: CompletionKind) throws(HealthLogError) -> [String] {
        let lines: [String] = switch kind {
        case .profiles: try profiles().map(\.profile.id)
        case .tags: try tagOverview().tags.map(\.tag.id)
        case .events: try eventIDs().map { String($0.prefix(8)) }
        case .readings: try latestReadings(limit: Self.completedReadings).map { reading in
            // Only numbers, a date and a profile id: a note never reaches the shell.
            let values = [reading.bloodPressure.map { "\($0.systolic)/\($0.diastolic)" }, reading.pulse.map(String.init)].compactMap { $0 }
            let taken = reading.takenAt.localDateAndTime
            return ([String(reading.id.prefix(8))] + [taken + " · " + ([reading.profileID] + values).joined(separator: " · ")]).joined(separator: "\t")
        }
        }
        // Ids are letters, digits and '-'; a reading's line adds its date and values.
        return lines.filter { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).enumerated().allSatisfy { index, part in
                index == 0 ? Slug.isValid(String(part)) : part.allSatisfy { $0 == " " || $0 == "·" || $0 == "/" || $0 == ":" || $0 == "-" || Slug.isValid(String($0)) }
            }
        }
    }
}

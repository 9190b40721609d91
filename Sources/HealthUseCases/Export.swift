public import HealthCore
import HealthInterchange
import HealthRecords

/// The formats a log exports to.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// HealthLog's CSV: readings only.
    case csv
    /// A full JSON backup: profiles, tag definitions, events and readings.
    case json
    /// A FHIR R4 Bundle of Patients and Observations.
    case fhir
}

/// What an export wrote.
public struct ExportCounts: Sendable {
    public let readings: Int
    /// Events (JSON and FHIR carry them; CSV does not).
    public let events: Int
}

extension HealthLog {
    /// Writes every profile's readings in `range` (only the named profile's when the session
    /// names one) into `sink`, streamed from one snapshot of the log reading by reading, so an
    /// export of any size is written in flat memory. When `stopped` turns true (the output
    /// failed), reading stops and the export throws: the caller reports its output's own failure.
    public func export(
        _ format: ExportFormat, range: DateRange = .all, into sink: any ByteSink, stopped: () -> Bool = { false }
    ) throws(HealthLogError) -> ExportCounts {
        let named = settings.namedProfile
        let exportedAt = now
        let milliseconds = settings.clock()
        var written = 0
        var eventCount = 0
        try read { store in
            var profiles = try store.profiles()
            if let named { profiles = [try store.requireProfile(id: named)] }
            let events = try store.events(profileID: named, from: range.from, to: range.to)
            eventCount = events.count
            let query = ReadingQuery(profileID: named, from: range.from, to: range.queryTo)
            let readings = { (emit: (Reading) -> Void) throws(RecordsError) in
                try store.forEachReading(matching: query) { reading in
                    guard !stopped() else { throw ExportStopped() }
                    emit(reading)
                    written += 1
                }
            }
            switch format {
            case .csv:
                try ReadingCSVCodec.write(into: sink, readings: readings)
            case .json:
                try JSONBackup.write(
                    profiles: profiles, tags: try store.tags(includingRemoved: true), events: events, exportedAt: milliseconds, into: sink,
                    readings: readings)
                sink.write("\n")
            case .fhir:
                try FHIRExport.write(profiles: profiles, events: events, exportedAt: exportedAt, into: sink, readings: readings)
                sink.write("\n")
            }
        }
        return ExportCounts(readings: written, events: eventCount)
    }
}

/// Stops streaming an export once its output failed.
private struct ExportStopped: Error {}

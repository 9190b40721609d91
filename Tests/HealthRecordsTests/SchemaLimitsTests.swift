import Foundation
import HealthCore
@testable import HealthRecords
import Testing

/// The schema's CHECK constraints against ``ValueLimits``, the one statement of every range:
/// every value the model accepts is accepted by the database too (so widening a limit can never
/// end in SQLite's raw refusal), and the readings' own columns refuse what lies beyond.
@Suite struct SchemaLimitsTests {
    /// Inserts one row with `column` set to `value` into a table holding one profile.
    private func insert(_ table: String, _ column: String, _ value: Int) throws(SQLiteError) {
        let directory = TemporaryDirectory()
        let store = try! RecordStore.open(path: directory.file("log.sqlite"), clock: { fixedNow })
        try! store.addProfile(Profile(id: "dad"))
        let database = store.database
        switch table {
        case "readings":
            var values: [String: Int] = ["systolic": 130, "diastolic": 80, "pulse": 70, "weight_g": 70_000, "utc_offset_min": 480]
            values[column] = value
            if column == "systolic" { values["diastolic"] = min(80, value - 1) }
            if column == "diastolic" { values["systolic"] = max(130, value + 1) }
            try database.execute(
                """
                INSERT INTO readings (id, profile_id, taken_at, utc_offset_min, systolic, diastolic, pulse, weight_g, created_at, updated_at)
                VALUES ('6513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996800, \(values["utc_offset_min"]!), \(values["systolic"]!),
                        \(values["diastolic"]!), \(values["pulse"]!), \(values["weight_g"]!), 0, 0)
                """)
        default:
            var values: [String: Int] = ["birth_year": 1950, "target_systolic": 130, "target_diastolic": 80]
            values[column] = value
            try database.execute(
                """
                INSERT INTO profiles (id, name, birth_year, target_systolic, target_diastolic, created_at, updated_at)
                VALUES ('mom', 'mom', \(values["birth_year"]!), \(values["target_systolic"]!), \(values["target_diastolic"]!), 0, 0)
                """)
        }
    }

    static let columns: [(String, String, NumberLimit, refusesBeyond: Bool)] = [
        ("readings", "systolic", ValueLimits.systolic, true), ("readings", "diastolic", ValueLimits.diastolic, true),
        ("readings", "pulse", ValueLimits.pulse, true), ("readings", "weight_g", ValueLimits.weightGrams, true),
        ("readings", "utc_offset_min", ValueLimits.offsetMinutes, true), ("profiles", "birth_year", ValueLimits.birthYear, true),
        // The first schema allowed any target from 50/20; the model asks for a doctor's range inside it.
        ("profiles", "target_systolic", ValueLimits.targetSystolic, false), ("profiles", "target_diastolic", ValueLimits.targetDiastolic, false),
    ]

    @Test func theSchemaAcceptsEveryValueTheModelDoes() throws {
        for (table, column, limit, _) in Self.columns {
            for value in [limit.range.lowerBound, limit.range.upperBound] {
                #expect(throws: Never.self, "\(table).\(column) = \(value)") { try insert(table, column, value) }
            }
        }
    }

    @Test func theReadingsRefuseWhatLiesBeyond() {
        for (table, column, limit, refuses) in Self.columns where refuses {
            for value in [limit.range.lowerBound - 1, limit.range.upperBound + 1] {
                #expect(throws: SQLiteError.self, "\(table).\(column) = \(value)") { try insert(table, column, value) }
            }
        }
    }
}

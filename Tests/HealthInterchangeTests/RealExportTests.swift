import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import Testing

/// Files shaped like real exports from real devices and apps (Fixtures/real, with MANIFEST.md
/// naming each file's source): every shape imports, with the values, times, offsets, units,
/// tags and counts the manifest gives.
@Suite struct RealExportTests {
    /// One expected reading: local wall time, offset, values.
    struct Expected: Equatable, CustomStringConvertible {
        let local: String
        let offset: String
        var pressure: String? = nil
        var pulse: Int? = nil
        var weightGrams: Int? = nil
        var tags: [String] = []
        var note = ""

        init(_ local: String, _ offset: String, _ pressure: String? = nil, pulse: Int? = nil, weight: Int? = nil, tags: [String] = [], note: String = "") {
            self.local = local
            self.offset = offset
            self.pressure = pressure
            self.pulse = pulse
            self.weightGrams = weight
            self.tags = tags
            self.note = note
        }

        init(_ reading: Reading) {
            let time = reading.takenAt
            local = "\(time.localDate) \(time.localTimeText):\(pad(time.second, 2))"
            offset = time.offsetText
            pressure = reading.bloodPressure?.description
            pulse = reading.pulse
            weightGrams = reading.weightGrams
            tags = reading.tagIDs
            note = reading.note
        }

        var description: String { "\(local) \(offset) \(pressure ?? "-") p\(pulse.map(String.init) ?? "-") w\(weightGrams.map(String.init) ?? "-") \(tags) '\(note)'" }
    }

    private func readings(_ file: String, as format: InterchangeFormat? = nil, zone name: String = "Europe/Berlin", order: DateOrder? = nil) throws -> DecodedFile {
        try read(realFixture(file), as: format, profile: "p", zone: zone(name), dateOrder: order)
    }

    // MARK: - Omron Connect

    @Test func omron17ColumnsMonthFirstWithFlagsAndADeviceErrorRow() throws {
        let file = try readings("omron_17col_mdy.csv", zone: "America/New_York")
        #expect(file.problems.isEmpty)
        #expect(file.outcome.deviceErrorRows == 1)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-01-14 21:05:00", "−05:00", "134/86", pulse: 71, note: "Device: HEM-7361T"),
            Expected("2025-01-14 07:48:00", "−05:00", "148/94", pulse: 88, tags: ["irregular-heartbeat", "possible-afib"], note: "Device: HEM-7361T"),
            Expected("2025-01-13 21:40:00", "−05:00", "129/83", pulse: 66, tags: ["body-movement"], note: "Device: HEM-7361T"),
            Expected("2025-01-13 08:05:00", "−05:00", "141/90", pulse: 74, note: "Device: HEM-7361T"),
            Expected("2025-01-12 20:15:00", "−05:00", "131/84", note: "Device: HEM-7361T"),
            Expected("2025-01-12 08:12:00", "−05:00", "142/91", pulse: 72, tags: ["irregular-heartbeat"], note: "Device: HEM-7361T"),
            Expected("2025-01-11 07:30:00", "−05:00", "138/88", pulse: 69, note: "after coffee, left arm; Device: HEM-7361T"),
            Expected("2025-01-09 08:12:00", "−05:00", "136/87", pulse: 70, note: "Symptoms: Headache; Device: HEM-7361T"),
            Expected("2025-01-06 00:04:00", "−05:00", "118/76", pulse: 61, note: "Device: HEM-7361T"),
        ])
    }

    @Test(arguments: ["omron_16col_dmy.csv", "omron_bom_crlf.csv"])
    func omron16ColumnsDayFirstAcrossNewYear(file name: String) throws {
        let file = try readings(name)
        #expect(file.problems.isEmpty)
        let readings = file.readings.map(Expected.init)
        #expect(readings.map(\.local) == [
            "2024-01-02 07:41:00", "2024-01-01 19:22:00", "2024-01-01 00:04:00", "2023-12-31 23:57:00", "2023-12-31 08:10:00",
            "2023-12-30 21:15:00",
        ])
        #expect(readings.allSatisfy { $0.offset == "+01:00" })
        #expect(readings[2].pressure == "146/93" && readings[2].pulse == 81 && readings[2].tags == ["irregular-heartbeat"])
        #expect(readings[2].note.hasPrefix("New Year, fireworks"))
        // Cuff wrap guide "Detected" is a hint about the cuff, not a finding: no tag.
        #expect(readings[5].tags.isEmpty)
    }

    @Test func omronColumnsAreFoundByNameInAnyOrder() throws {
        let file = try readings("omron_reordered_extra.csv", as: .omron, zone: "America/New_York")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-02-04 07:55:00", "−05:00", "132/85", pulse: 68), Expected("2025-02-03 21:40:00", "−05:00", "137/88", pulse: 73),
            Expected("2025-02-03 07:20:00", "−05:00", "121/79"), Expected("2025-02-02 18:58:00", "−05:00", "129/83", pulse: 70),
        ])
        #expect(try InterchangeFormat.detect(path: realFixture("omron_reordered_extra.csv")) == .omron)
    }

    @Test func numericDatesNeedTheirOrder() throws {
        #expect(throws: InterchangeError.dateOrderRequired(path: realFixture("omron_numeric_dates.csv"), line: 2, date: "12/01/2025")) {
            try readings("omron_numeric_dates.csv")
        }
        let dayFirst = try readings("omron_numeric_dates.csv", order: .dmy).readings.map(Expected.init)
        #expect(dayFirst.map(\.local) == ["2025-01-12 07:45:00", "2025-01-11 21:30:00", "2025-01-11 07:52:00", "2025-01-10 08:03:00"])
        let monthFirst = try readings("omron_numeric_dates.csv", order: .mdy).readings.map(Expected.init)
        #expect(monthFirst.map(\.local) == ["2025-12-01 07:45:00", "2025-11-01 21:30:00", "2025-11-01 07:52:00", "2025-10-01 08:03:00"])
        // 1 October is still summer time in Berlin.
        #expect(monthFirst.map(\.offset) == ["+01:00", "+01:00", "+01:00", "+02:00"])
    }

    /// A file whose first rows settle the order of its numeric dates (13/01 can only be day
    /// first) is read in that order, ambiguous rows before it included, and says which row settled
    /// it; rows that disagree refuse the file, naming a row of each order.
    @Test func theFilesOwnRowsSettleTheDateOrder() throws {
        let directory = TemporaryDirectory()
        let header = "Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm)\n"
        let dayFirst = directory.write("day_first.csv", header + "12/01/2025,07:45,131,84,70\n13/01/2025,07:50,128,82,68\n")
        let file = try read(dayFirst, profile: "p", zone: zone("Europe/Berlin"))
        #expect(file.readings.map(Expected.init).map(\.local) == ["2025-01-12 07:45:00", "2025-01-13 07:50:00"])
        #expect(file.outcome.settledDateOrder == SettledDateOrder(order: .dmy, date: "13/01/2025", line: 3))
        let monthFirst = directory.write("month_first.csv", header + "01/12/2025,07:45,131,84,70\n01/13/2025,07:50,128,82,68\n")
        #expect(try read(monthFirst, profile: "p", zone: zone("Europe/Berlin")).readings.map(Expected.init).map(\.local)
            == ["2025-01-12 07:45:00", "2025-01-13 07:50:00"])
        let disagreeing = directory.write("both.csv", header + "12/01/2025,07:45,131,84,70\n13/01/2025,07:50,128,82,68\n01/13/2025,08:00,125,80,66\n")
        #expect(
            throws: InterchangeError.malformed(
                path: disagreeing,
                reason: "the dates disagree: 13/01/2025 on line 3 can only be day first, 01/13/2025 on line 4 only month first; the file mixes two orders")
        ) {
            try read(disagreeing, profile: "p", zone: zone("Europe/Berlin"))
        }
        // --date-order wins over the rows, and a date it cannot be is named as such.
        let given = try read(dayFirst, profile: "p", zone: zone("Europe/Berlin"), dateOrder: .mdy)
        #expect(given.outcome.settledDateOrder == nil)
        #expect(given.problems == ["\(dayFirst):3: date '13/01/2025' is not a date in month/day/year order (--date-order mdy)"])
    }

    /// A German Omron export: semicolons, a BOM, CRLF, dotted dates (day first), and the
    /// monitor's error codes: `-` or `Err` values beside `E2` are device error rows, a code beside
    /// real values is kept in the note.
    @Test func omronWithSemicolonsDottedDatesAndErrorCodes() throws {
        let file = try readings("omron_semicolon_errors.csv")
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.outcome.deviceErrorRows == 2)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-01-14 21:05:00", "+01:00", "134/86", pulse: 71, note: "Device: HEM-7155T-EBK"),
            Expected("2025-01-13 08:05:00", "+01:00", "141/90", pulse: 74, note: "Kaffee; linker Arm; Error: E1; Device: HEM-7155T-EBK"),
            Expected("2025-01-12 08:12:00", "+01:00", "142/91", pulse: 72, tags: ["irregular-heartbeat"], note: "Device: HEM-7155T-EBK"),
        ])
        #expect(try InterchangeFormat.detect(path: realFixture("omron_semicolon_errors.csv")) == .omron)
    }

    // MARK: - Withings

    @Test func withingsWithSemicolonsAndDecimalCommas() throws {
        let path = realFixture("withings_weight_decimal_comma.csv")
        let file = try readings("withings_weight_decimal_comma.csv")
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-10-27 09:50:20", "+01:00", weight: 73_330),
            Expected("2025-10-26 09:59:43", "+01:00", weight: 73_570, note: "nach dem Laufen; ohne Schuhe"),
        ])
        #expect(file.problems == ["\(path):4: weight '1.073,5' is not a number of kilograms"])
        #expect(try InterchangeFormat.detect(path: path) == .withings)
    }

    @Test func withingsInPoundsWithOffsetTimes() throws {
        let file = try readings("withings_weight_lb_iso.csv")
        #expect(file.problems.isEmpty, "\(file.problems)")
        // 161.7 lb and 162.2 lb to the gram; each time keeps the offset it was written with.
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-10-27 09:50:20", "−04:00", weight: 73_346),
            Expected("2025-10-26 09:59:43", "+00:00", weight: 73_573, note: "after run"),
        ])
        #expect(try InterchangeFormat.detect(path: realFixture("withings_weight_lb_iso.csv")) == .withings)
    }

    @Test func withingsWeightsAcrossTheClockChange() throws {
        let file = try readings("withings_weight.csv")
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-10-27 09:50:20", "+01:00", weight: 73_330), Expected("2025-10-26 09:59:43", "+01:00", weight: 73_570),
            Expected("2025-10-26 09:59:10", "+01:00", weight: 75_170, note: "with shoes, jacket"),
            Expected("2025-10-12 10:45:50", "+02:00", weight: 73_340), Expected("2025-10-02 07:34:49", "+02:00", weight: 73_760, note: "after run"),
            // Inside the spring-forward gap: read as standard time, and counted.
            Expected("2025-03-30 02:30:15", "+01:00", weight: 72_100),
        ])
        #expect(file.problems.isEmpty)
        #expect(file.outcome.standardTimeRows == 1)
        #expect(file.outcome.firstStandardTimeRow == "\(realFixture("withings_weight.csv")):7")
        #expect(try InterchangeFormat.detect(path: realFixture("withings_weight.csv")) == .withings)
    }

    @Test func withingsBloodPressureWithPulseOnlyRows() throws {
        let file = try readings("withings_bp.csv")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-10-03 21:10:02", "+02:00", "128/82", pulse: 70), Expected("2025-10-02 07:34:49", "+02:00", pulse: 61),
            Expected("2025-09-28 08:02:11", "+02:00", "141/89", pulse: 74, note: "after coffee, before meds"),
            Expected("2025-09-27 19:45:30", "+02:00", "122/79"), Expected("2025-08-25 16:58:51", "+02:00", pulse: 63),
        ])
    }

    // MARK: - The blood-pressure-monitor app

    @Test func bpMonitorExportWithNullsAndBadRows() throws {
        let file = try readings("bpm_fl_export.csv")
        #expect(try InterchangeFormat.detect(path: realFixture("bpm_fl_export.csv")) == .bpMonitor)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-01-15 07:36:52", "+01:00", "128/82", pulse: 66),
            Expected("2025-01-14 19:20:41", "+01:00", "141/92", pulse: 75, note: "felt dizzy, sat down"),
            Expected("2025-01-14 07:45:03", "+01:00", "119/77", note: "after walk"),
            Expected("2025-01-13 21:05:17", "+01:00", pulse: 58, note: "resting pulse only"),
            Expected("2025-01-12 08:00:30", "+01:00", "134/88", pulse: 70, note: "said \"ouch\" at cuff"),
        ])
        let path = realFixture("bpm_fl_export.csv")
        #expect(file.problems == [
            "\(path):6: systolic 400 is out of range (50–300 mmHg)", "\(path):7: systolic and diastolic must be given together",
            "\(path):9: a reading needs blood pressure, pulse or weight",
        ])
    }

    // MARK: - FHIR

    @Test(arguments: [
        ("fhir_single_observation_bp.json", Expected("2024-05-14 07:42:00", "+02:00", "107/60")),
        ("fhir_single_observation_bp_55284.json", Expected("2024-05-15 19:10:00", "+11:00", "118/76")),
        ("fhir_heart_rate.json", Expected("2024-07-02 06:55:21", "−07:00", pulse: 72)),
        ("fhir_weight_lb.json", Expected("2024-03-28 07:15:00", "−04:00", weight: 83_915)),
        ("fhir_weight_g.json", Expected("2024-09-03 06:48:20", "+00:00", weight: 72_450)),
        ("fhir_effective_period.json", Expected("2024-11-15 09:56:00", "+00:00", "140/74")),
        ("fhir_no_offset.json", Expected("2024-03-05 08:30:00", "+01:00", "131/86")),
    ])
    func aSingleObservationImports(file: String, expected: Expected) throws {
        let decoded = try readings(file)
        #expect(decoded.problems.isEmpty)
        #expect(decoded.readings.map(Expected.init) == [expected])
        #expect(decoded.skipped.isEmpty)
    }

    @Test func anObservationOfNobodyNeedsAProfile() throws {
        #expect(try read(realFixture("fhir_single_observation_bp.json"), profile: nil).problems == [
            "\(realFixture("fhir_single_observation_bp.json")):1: its subject 'Patient/example' is not a Patient in this file, and no profile was named to import into",
        ])
    }

    @Test(arguments: [
        ("fhir_transaction_bundle.json", 3, ["Bundle entries without a resource": 1]),
        ("fhir_searchset_bundle.json", 2, ["Observation (not a vital sign HealthLog keeps)": 1, "OperationOutcome": 1]),
        ("fhir_document_bundle.json", 1, ["Composition": 1, "Practitioner": 1]),
        ("fhir_bulk.ndjson", 3, ["Condition": 1]),
    ])
    func bundlesOfEveryTypeAndNDJSON(file: String, count: Int, skipped: [String: Int]) throws {
        let decoded = try readings(file)
        #expect(decoded.problems.isEmpty)
        #expect(decoded.readings.count == count)
        #expect(decoded.skipped == skipped)
    }

    @Test func observationsOfOneMinuteBecomeOneReading() throws {
        #expect(try readings("fhir_transaction_bundle.json").readings.map(Expected.init) == [
            Expected("2025-02-10 07:31:00", "+01:00", "152/97", pulse: 84), Expected("2025-02-10 21:05:12", "+01:00", "139/88"),
            Expected("2025-02-11 06:50:00", "+01:00", weight: 68_400),
        ])
        #expect(try readings("fhir_document_bundle.json").readings.map(Expected.init) == [
            Expected("2025-05-20 10:05:00", "−03:00", "128/84", pulse: 66, weight: 81_200),
        ])
        #expect(try readings("fhir_bulk.ndjson").readings.map(Expected.init) == [
            Expected("2025-06-01 07:12:00", "−05:00", "137/86", pulse: 71), Expected("2025-06-01 07:20:00", "−05:00", weight: 90_700),
            Expected("2025-06-02 19:44:00", "−05:00", "129/81"),
        ])
    }

    @Test func aDateWithoutATimeAndAMissingComponentAreOneProblemEach() throws {
        let dateOnly = try readings("fhir_date_only.json")
        #expect(dateOnly.readings.isEmpty)
        #expect(dateOnly.problems == ["\(realFixture("fhir_date_only.json")):1: effectiveDateTime '2012-09-17' has a date but no time"])
        let missing = try readings("fhir_bp_missing_component.json")
        #expect(missing.readings.isEmpty)
        #expect(missing.problems == [
            "\(realFixture("fhir_bp_missing_component.json")):1: a blood pressure needs both systolic and diastolic (diastolic has dataAbsentReason not-performed)",
        ])
    }

    @Test(arguments: [
        ("synthea_patient_1.json", [Expected("2019-02-13 21:34:41", "−05:00", "142/91", pulse: 78, weight: 88_400),
                                    Expected("2020-02-19 21:34:41", "−05:00", "134/86", pulse: 72, weight: 86_900)], 24),
        ("synthea_patient_2.json", [Expected("2021-07-20 09:12:05", "−04:00", "156/98", pulse: 84, weight: 71_600),
                                    Expected("2022-01-25 09:12:05", "−05:00", "138/84", pulse: 76, weight: 70_900)], 27),
    ])
    func syntheaPatientBundles(file: String, expected: [Expected], skipped: Int) throws {
        let decoded = try readings(file)
        #expect(decoded.problems.isEmpty)
        #expect(decoded.readings.map(Expected.init) == expected)
        #expect(decoded.outcome.skippedCount == skipped)
        #expect(decoded.skipped["AllergyIntolerance"] != nil && decoded.skipped["Claim"] == 2)
        // The chosen profile takes the Patient's name, as a new profile.
        #expect(decoded.profiles.count == 1 && decoded.profiles[0].id == "p" && decoded.profiles[0].name != "p")
    }

    // MARK: - Apple Health

    @Test func appleHealthWithATwelveHourClock() throws {
        let decoded = try readings("apple_12hour.xml")
        #expect(decoded.problems.isEmpty)
        let expected: [Expected] = [
            Expected("2024-06-08 07:02:00", "−04:00", weight: 74_933), Expected("2024-06-09 00:10:00", "−04:00", weight: 74_661),
            Expected("2024-06-08 13:14:00", "−04:00", "138/87", pulse: 76), Expected("2024-06-09 20:03:00", "−04:00", "131/84", pulse: 81),
        ]
        #expect(Set(decoded.readings.map { Expected($0).description }) == Set(expected.map(\.description)))
        #expect(decoded.readings.count == 4)
        #expect(decoded.skipped == ["BP records repeated outside their correlation": 4, "StepCount": 1])
    }

    @Test func appleHealthWithWhitespaceBeforeTheDeclaration() throws {
        let decoded = try readings("apple_leading_whitespace.xml")
        #expect(decoded.problems.isEmpty)
        #expect(Set(decoded.readings.map(Expected.init).map(\.description)) == Set([
            Expected("2023-11-04 07:32:40", "+01:00", "127/81", pulse: 67).description, Expected("2023-11-04 07:20:51", "+01:00", weight: 81_350).description,
        ]))
        #expect(try InterchangeFormat.detect(path: realFixture("apple_leading_whitespace.xml")) == .appleHealth)
    }

    @Test func heartRatesWithoutABloodPressureAreCountedNotLost() throws {
        let decoded = try readings("apple_heart_rate_orphans.xml")
        #expect(decoded.readings.map(Expected.init) == [Expected("2025-03-02 08:15:00", "−05:00", "129/83", pulse: 71)])
        #expect(decoded.skipped == [
            "heart rate (no BP reading in that minute)": 5, "BP records repeated outside their correlation": 2, "ActivitySummary": 1,
        ])
    }

    // MARK: - Importing

    /// Device files carry no offset: importing one again under another zone adds nothing, and
    /// the monitor's findings land as defined tags.
    @Test func aDeviceFileImportedAgainInAnotherZoneAddsNothing() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let first = try importFile(realFixture("omron_17col_mdy.csv"), into: database, profile: .named("dad"), zone: zone("America/New_York"))
        #expect(first.summary.added == 9 && first.outcome.deviceErrorRows == 1 && first.profile == "dad")
        #expect(first.summary.undefinedTags.isEmpty)
        let again = try importFile(realFixture("omron_17col_mdy.csv"), into: database, profile: .named("dad"), zone: zone("Asia/Shanghai"))
        #expect(again.summary.added == 0 && again.summary.duplicates == 9)
        let store = try RecordStore.open(path: database, access: .readOnly)
        #expect(try store.readings().filter { $0.tagIDs.contains("irregular-heartbeat") }.count == 2)
    }

    @Test func everySyntheaBundleImportsWithSkipInvalid() throws {
        let directory = TemporaryDirectory()
        for file in ["synthea_patient_1.json", "synthea_patient_2.json"] {
            let report = try importFile(realFixture(file), into: directory.file("\(file).sqlite"), profile: .named("p"), skipInvalid: true)
            #expect(report.summary.added == 2)
            #expect(report.outcome.skipped["Encounter"] == 2)
        }
    }
}

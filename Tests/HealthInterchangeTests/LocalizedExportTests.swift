import Foundation
import HealthCore
import HealthInterchange
import Testing

/// Exports in other languages and from other apps, and HealthLog's CSV with some of its columns
/// (Fixtures/real/MANIFEST.md, the last table): each imports with the values, times, offsets,
/// tags, notes and counts the manifest gives.
@Suite struct LocalizedExportTests {
    private typealias Expected = RealExportTests.Expected

    private func readings(_ file: String, zone name: String, order: DateOrder? = nil) throws -> DecodedFile {
        try read(realFixture(file), profile: "p", zone: zone(name), dateOrder: order)
    }

    @Test func dutchOmronWithATruReadSessionKeepsItsReadingsNotItsAverage() throws {
        let file = try readings("omron_nl_17col_truread.csv", zone: "Europe/Amsterdam")
        #expect(file.problems.isEmpty)
        #expect(file.skipped == ["TruRead average rows": 1])
        #expect(file.readings.map(Expected.init) == [
            Expected("2026-07-19 08:17:00", "+02:00", "134/84", pulse: 69, note: "Device: HEM-7600T"),
            Expected("2026-07-19 08:16:00", "+02:00", "137/86", pulse: 71, note: "Device: HEM-7600T"),
            Expected("2026-07-19 08:15:00", "+02:00", "138/86", pulse: 72, tags: ["irregular-heartbeat"], note: "na het ontbijt; Device: HEM-7600T"),
            Expected("2026-05-02 07:40:00", "+02:00", "141/90", pulse: 78, tags: ["possible-afib"], note: "Device: HEM-7600T"),
            Expected("2026-03-11 21:05:00", "+01:00", "128/80", pulse: 66, tags: ["body-movement"], note: "Device: HEM-7600T"),
        ])
    }

    @Test func spanishOmronWithADeviceErrorRow() throws {
        let file = try readings("omron_es_17col.csv", zone: "Europe/Madrid")
        #expect(file.problems.isEmpty)
        #expect(file.outcome.deviceErrorRows == 1)
        #expect(file.readings.map(Expected.init) == [
            Expected("2026-05-20 08:02:00", "+02:00", "142/91", pulse: 80, tags: ["irregular-heartbeat"], note: "después del café; Device: HEM-7156T"),
            Expected("2026-04-03 21:30:00", "+02:00", "131/83", pulse: 67, note: "Device: HEM-7156T"),
            Expected("2025-12-31 23:10:00", "+01:00", "126/79", pulse: 64, note: "Symptoms: Mareo; Device: HEM-7156T"),
        ])
    }

    @Test func germanOmronInFiveColumnsWithFullMonthNames() throws {
        let file = try readings("omron_de_5col.csv", zone: "Europe/Berlin")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2026-07-13 07:45:00", "+02:00", "139/88", pulse: 74),
            Expected("2026-03-01 20:10:00", "+01:00", "133/85"),
            Expected("2025-12-24 08:00:00", "+01:00", "145/92", pulse: 81),
        ])
    }

    @Test func anUnknownLanguageInTheSameLayoutReadsByPositionAndSaysSo() throws {
        let file = try readings("omron_unknown_language.csv", zone: "Europe/Warsaw")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2026-06-01 08:00:00", "+02:00", "135/84", pulse: 70, note: "rano; Device: HEM-7361T"),
            Expected("2026-05-31 21:10:00", "+02:00", "129/81", pulse: 66, note: "Device: HEM-7361T"),
        ])
        let note = try #require(file.outcome.notes.first)
        #expect(note.english.contains("read by position"))
        #expect(note.english.contains("'Wykryto nieregularne bicie serca'"))
    }

    /// Reads `text` written to a file of its own.
    private func readings(text: String, zone name: String) throws -> DecodedFile {
        let directory = TemporaryDirectory()
        return try read(directory.write("export.csv", text), profile: "p", zone: zone(name))
    }

    @Test func aTranslatedColumnSpelledAnotherWayIsReadByItsPlaceNotDropped() throws {
        // French writes `FA possible` and `N° d'erreur`, European Portuguese `detetado`: names not
        // in the lists, in the 17-column layout, so their flags and codes are still read.
        let french = try readings(
            text: """
                Date,Heure,Systolique (mmHg),Diastolique (mmHg),Pouls (bpm),Symptômes,Consommé,TruRead,Battement cardiaque irrégulier détecté,Mouvement du corps,Guide de positionnement du brassard,Indicateur de positionnement,Mode de mesure,N° d'erreur,FA possible,Appareil,Notes
                3 août 2025,08:00,129,81,65,-,-,-,-,-,OK,OK,-,E1,Détecté,X4,été

                """, zone: "Europe/Paris")
        #expect(french.problems.isEmpty)
        #expect(french.readings.map(Expected.init) == [
            Expected("2025-08-03 08:00:00", "+02:00", "129/81", pulse: 65, tags: ["possible-afib"], note: "été; Error: E1; Device: X4")
        ])
        let portuguese = try readings(
            text: """
                Data,Hora,Pressão sistólica (mmHg),Pressão diastólica (mmHg),Frequência cardíaca (bpm),Sintomas,Consumido,TruRead,Batimento cardíaco irregular detetado,Movimento corporal,Guia da braçadeira,Indicador de posição,Modo de medição,N.º de erro,Possível FA,Dispositivo,Notas
                7 out. 2025,08:05,127,80,64,-,-,-,Sim,-,OK,OK,-,-,-,M6,-

                """, zone: "Europe/Lisbon")
        #expect(portuguese.readings.map(Expected.init) == [
            Expected("2025-10-07 08:05:00", "+01:00", "127/80", pulse: 64, tags: ["irregular-heartbeat"], note: "Device: M6")
        ])
    }

    @Test func anUnknownLanguageKeepsATruReadSessionsReadingsNotItsAverage() throws {
        let file = try readings(
            text: """
                Data,Godzina,Skurczowe (mmHg),Rozkurczowe (mmHg),Tętno (uderzenia/min),Objawy,Spożyte,TruRead,Wykryto nieregularne bicie serca,Ruch ciała,Przewodnik mankietu,Wskaźnik pozycji,Tryb pomiaru,Kod błędu,Możliwe AFib,Urządzenie,Notatki
                2026-05-01,08:00,131,85,70,-,-,Średnia,-,-,OK,OK,TruRead,-,-,M7,-
                2026-05-01,08:00,130,84,70,-,-,1,-,-,OK,OK,TruRead,-,-,M7,-
                2026-05-01,08:00,132,86,70,-,-,2,-,-,OK,OK,TruRead,-,-,M7,-

                """, zone: "Europe/Warsaw")
        #expect(file.skipped == ["TruRead average rows": 1])
        #expect(file.readings.map(\.bloodPressure?.description) == ["130/84", "132/86"])
    }

    @Test func anUnknownLanguageInNineColumnsKeepsItsNotes() throws {
        // The 9-column layout ends with the notes, where the 17-column one has its flags.
        let file = try readings(
            text: """
                Data,Godzina,Skurczowe (mmHg),Rozkurczowe (mmHg),Tętno (uderzenia/min),Objawy,Spożyte,TruRead,Notatki
                2026-05-01,08:00,130,84,70,-,-,-,po kawie

                """, zone: "Europe/Warsaw")
        #expect(file.readings.map(Expected.init) == [Expected("2026-05-01 08:00:00", "+02:00", "130/84", pulse: 70, note: "po kawie")])
        #expect(file.outcome.notes.first?.english.contains("Notatki") == false)
        // The 16-column layout has no error column: its AFib flag is no error code, its notes no device.
        let sixteen = try readings(
            text: """
                Data,Godzina,Skurczowe (mmHg),Rozkurczowe (mmHg),Tętno (uderzenia/min),Objawy,Spożyte,TruRead,Wykryto nieregularne bicie serca,Ruch ciała,Przewodnik mankietu,Wskaźnik pozycji,Tryb pomiaru,Możliwe AFib,Urządzenie,Notatki
                2026-05-01,08:00,130,84,70,-,-,-,-,-,OK,OK,-,Tak,M7,po kawie

                """, zone: "Europe/Warsaw")
        #expect(sixteen.readings.map(Expected.init) == [Expected("2026-05-01 08:00:00", "+02:00", "130/84", pulse: 70, note: "po kawie; Device: M7")])
    }

    @Test func iHealthKeepsItsPulse() throws {
        let file = try readings("ihealth_crlf.csv", zone: "America/Los_Angeles")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2025-12-31 21:15:00", "−08:00", "128/82", pulse: 70, note: "before bed"),
            Expected("2026-01-02 07:05:00", "−08:00", "141/89", pulse: 76),
        ])
    }

    @Test func healthLogsOwnCSVWithSomeOfItsColumns() throws {
        let file = try readings("healthlog_partial_columns.csv", zone: "Asia/Shanghai")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2026-11-20 07:30:00", "+08:00", "138/86"),
            Expected("2026-11-20 21:00:00", "+08:00", "131/82"),
        ])
        #expect(file.readings.allSatisfy { $0.profileID == "p" })
        // Without a profile to put them in, the file is refused with one line.
        #expect(throws: InterchangeError.profileRequired(format: .csv)) {
            try read(realFixture("healthlog_partial_columns.csv"), profile: nil, zone: zone("Asia/Shanghai"))
        }
    }

    @Test func omronDatesInEveryLanguageRead() throws {
        for (text, iso) in [
            ("19 jul. 2026", "2026-07-19"), ("11 mrt. 2026", "2026-03-11"), ("2 mei 2026", "2026-05-02"), ("20 may. 2026", "2026-05-20"),
            ("13 Juli 2026", "2026-07-13"), ("1 März 2026", "2026-03-01"), ("3 févr. 2026", "2026-02-03"), ("4 août 2026", "2026-08-04"),
            ("5 gen 2026", "2026-01-05"), ("6 ott. 2026", "2026-10-06"), ("7 out. 2026", "2026-10-07"), ("8 dez. 2025", "2025-12-08"),
            ("9 ene. 2026", "2026-01-09"), ("10 dic. 2025", "2025-12-10"), ("Dec 31, 2025", "2025-12-31"),
        ] {
            let csv = "Datum,Tijd,Systolisch (mmHg),Diastolisch (mmHg),Hartslag (spm)\n\(text.contains(",") ? "\"\(text)\"" : text),08:00,130,80,70\n"
            let path = NSTemporaryDirectory() + "omron-date-\(UUID().uuidString).csv"
            try csv.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let file = try read(path, profile: "p", zone: zone("Europe/Berlin"))
            #expect(file.problems.isEmpty, "\(text): \(file.problems)")
            #expect(file.readings.first?.takenAt.localDate.description == iso, "\(text)")
        }
    }

    // MARK: - Withings in other languages

    @Test func germanWithingsBloodPressureAndWeight() throws {
        let bp = try readings("withings_de_bp.csv", zone: "Europe/Berlin")
        #expect(bp.problems.isEmpty)
        #expect(bp.readings.map(Expected.init) == [
            Expected("2026-07-14 07:31:02", "+02:00", "138/87", pulse: 71, note: "nach dem Aufstehen"),
            Expected("2026-07-13 21:05:40", "+02:00", "129/82", pulse: 66),
            Expected("2026-07-13 06:58:11", "+02:00", pulse: 74),
        ])
        let weight = try readings("withings_de_weight.csv", zone: "Europe/Berlin")
        #expect(weight.problems.isEmpty)
        #expect(weight.readings.map(Expected.init) == [
            Expected("2026-07-14 07:29:45", "+02:00", weight: 81_350), Expected("2026-07-12 07:40:12", "+02:00", weight: 80_950),
        ])
    }

    @Test func theOldGermanWebExportWithDoubledRows() throws {
        let file = try readings("withings_de_web_2014.csv", zone: "Europe/Berlin")
        #expect(file.problems.isEmpty)
        let readings = file.readings.map(Expected.init)
        #expect(Set(readings.map(\.local)) == ["2014-02-11 07:12:00", "2014-02-13 06:04:00", "2014-02-15 22:41:00"])
        #expect(readings.first == Expected("2014-02-11 07:12:00", "+01:00", weight: 94_800))
        #expect(readings.last == Expected("2014-02-15 22:41:00", "+01:00", weight: 93_900, note: "nach dem Sport"))
        // The doubled row has the same content-derived id: it is one reading.
        #expect(Set(file.readings.map(\.id)).count == 3)
    }

    @Test func frenchWithings() throws {
        let file = try readings("withings_fr_bp.csv", zone: "Europe/Paris")
        #expect(file.readings.map(Expected.init) == [Expected("2026-05-02 08:10:00", "+02:00", "135/85", pulse: 69, note: "après le café")])
    }

    // MARK: - The bp-monitor app, first and current versions

    @Test func bpMonitorFirstVersionsWithCommaSpace() throws {
        let file = try readings("bpm_v1_comma_space.csv", zone: "UTC")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2023-12-21 16:20:00", "+00:00", "123/81", pulse: 63, note: "1214s3"),
            Expected("2023-12-22 16:20:00", "+00:00", "131/84", pulse: 70),
        ])
    }

    @Test func bpMonitorCurrentVersionWithBodyweight() throws {
        let file = try readings("bpm_current_semicolon_bodyweight.csv", zone: "UTC")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(Expected.init) == [
            Expected("2024-06-13 07:00:00", "+00:00", "128/82", pulse: 66, weight: 72_000, note: "after walk"),
            Expected("2024-06-14 07:00:00", "+00:00", weight: 71_600),
            Expected("2024-06-14 08:00:00", "+00:00", "135/86"),
        ])
    }

    // MARK: - Samsung Health

    @Test func samsungHealthBloodPressureAndWeight() throws {
        let bp = try read(realFixture("samsung_blood_pressure.csv"), profile: "p", zone: zone("UTC"))
        #expect(bp.problems.isEmpty)
        #expect(bp.readings.map(Expected.init) == [
            Expected("2024-06-01 08:00:00", "+02:00", "128/82", pulse: 66, note: "morning"),
            Expected("2024-06-01 21:30:00", "+02:00", "141/90"),
        ])
        let weight = try read(realFixture("samsung_weight.csv"), profile: "p", zone: zone("UTC"))
        #expect(weight.problems.isEmpty)
        #expect(weight.readings.map(Expected.init) == [Expected("2024-06-02 07:45:00", "+02:00", weight: 78_400)])
    }
}

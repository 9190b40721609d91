import HealthCore
@_exported import HealthLogTestSupport
import HealthUseCases

/// A session on a new log in a private folder, with the clock at `now`.
func makeLog(
    in folder: TemporaryDirectory, now: String = "2026-11-30T23:00:00+08:00", profile: ProfileChoice = .automatic,
    namedProfile: String? = nil, environment: [String: String] = [:]
) -> HealthLog {
    let instant = ZonedInstant(iso8601: now)!
    return HealthLog(
        HealthLog.Settings(
            databasePath: folder.path + "/log.sqlite", profile: profile, namedProfile: namedProfile,
            clock: { instant.utcSeconds * 1000 }, zone: FixedOffsetZone(minutes: instant.offsetMinutes), environment: environment))
}

/// The environment that finds the repository's Templates folder.
let templatesEnvironment = ["HEALTHLOG_TEMPLATES": templatesPath]

func at(_ iso: String) -> ZonedInstant { ZonedInstant(iso8601: iso)! }

import HealthCore
@_exported import HealthLogTestSupport

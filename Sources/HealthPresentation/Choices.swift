public import HealthAnalytics

// The choices a front end passes on to the figures, by the names it parses them into: which
// guideline reads them, how `stats --by` groups them, and a summary's options. Their rules stay
// in HealthAnalytics; a front end that imports only this layer names them here.

/// A blood-pressure guideline a front end chooses (``HealthAnalytics/Guideline``).
public typealias GuidelineChoice = Guideline

/// How `stats --by` groups readings (``HealthAnalytics/Bucketing``).
public typealias GroupingChoice = Bucketing

/// What a summary computes beyond its defaults (``HealthAnalytics/AnalysisOptions``).
public typealias AnalysisChoices = AnalysisOptions

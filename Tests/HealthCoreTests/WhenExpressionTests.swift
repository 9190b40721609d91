import HealthCore
import Testing

@Suite struct WhenExpressionTests {
    /// 2026-11-30 08:00 in China.
    let now = ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!
    let zone = FixedOffsetZone(minutes: 480)

    @Test(arguments: [
        ("07:45", "2026-11-30T07:45:00+08:00"), ("7:45", "2026-11-30T07:45:00+08:00"), ("07:45:30", "2026-11-30T07:45:30+08:00"),
        ("now", "2026-11-30T08:00:00+08:00"), ("7am", "2026-11-30T07:00:00+08:00"), ("7:45pm", "2026-11-30T19:45:00+08:00"),
        ("7:45 PM", "2026-11-30T19:45:00+08:00"), ("12am", "2026-11-30T00:00:00+08:00"), ("12pm", "2026-11-30T12:00:00+08:00"),
        ("yesterday 21:30", "2026-11-29T21:30:00+08:00"), ("yesterday 9pm", "2026-11-29T21:00:00+08:00"),
        ("today 07:45", "2026-11-30T07:45:00+08:00"), ("2026-11-28 7:05", "2026-11-28T07:05:00+08:00"),
        ("2026-11-27T20:00:00-05:00", "2026-11-27T20:00:00-05:00"), ("  Yesterday 06:00  ", "2026-11-29T06:00:00+08:00"),
    ])
    func everyFormPeopleType(text: String, iso: String) throws {
        #expect(try WhenExpression.parse(text, now: now, zone: zone).iso8601 == iso)
    }

    /// Issue 37: the relative times, weekdays, month names, a local ISO time and the Chinese
    /// words a family types.
    @Test(arguments: [
        ("2 hours ago", "2026-11-30T06:00:00+08:00"), ("-2h", "2026-11-30T06:00:00+08:00"), ("-30m", "2026-11-30T07:30:00+08:00"),
        ("90 min ago", "2026-11-30T06:30:00+08:00"), ("2h ago", "2026-11-30T06:00:00+08:00"), ("1 day ago", "2026-11-29T08:00:00+08:00"),
        ("monday 8:00", "2026-11-30T08:00:00+08:00"), ("sunday 21:00", "2026-11-29T21:00:00+08:00"), ("Fri 7:30", "2026-11-27T07:30:00+08:00"),
        ("Nov 28 7:30", "2026-11-28T07:30:00+08:00"), ("28 nov 7:30pm", "2026-11-28T19:30:00+08:00"), ("Dec 4 7:30", "2025-12-04T07:30:00+08:00"),
        ("2026-11-28T07:30", "2026-11-28T07:30:00+08:00"),
        ("今天 7点半", "2026-11-30T07:30:00+08:00"), ("昨天晚上9点", "2026-11-29T21:00:00+08:00"), ("前天 早上 7:00", "2026-11-28T07:00:00+08:00"),
        ("昨天 下午3点15分", "2026-11-29T15:15:00+08:00"), ("周日 晚上 9点", "2026-11-29T21:00:00+08:00"), ("中午12点", "2026-11-30T12:00:00+08:00"),
        ("7点", "2026-11-30T07:00:00+08:00"), ("2小时前", "2026-11-30T06:00:00+08:00"), ("30分钟前", "2026-11-30T07:30:00+08:00"),
        ("昨天 7：45", "2026-11-29T07:45:00+08:00"),
    ])
    func theFormsOfIssue37(text: String, iso: String) throws {
        #expect(try WhenExpression.parse(text, now: now, zone: zone).iso8601 == iso)
    }

    @Test(arguments: ["soon", "25:00", "7:60", "13pm", "0am", "tomorrow soon", "2026-02-30 07:00", "7", "yesterday", "7:5", "", "2 parsecs ago", "昨天", "-2", "monday"])
    func anythingElseIsRefusedWithTheFormsThatWork(text: String) {
        #expect(throws: ValidationError.self) { try WhenExpression.parse(text, now: now, zone: zone) }
    }

    /// New-user probe: a day alone says a time of day is needed, not that it is not a time.
    @Test(arguments: ["2026-11-29", "yesterday", "昨天", "monday", "Nov 28"])
    func aDayAloneAsksForTheTimeOfDay(text: String) {
        #expect(throws: ValidationError.unreadable(Phrase("'{text}' is a day without a time of day; add the time, like '{example}'", ["text": text, "example": "\(text) 07:45"]))) {
            try WhenExpression.parse(text, now: now, zone: zone)
        }
    }

    /// New-user probe: tomorrow is read, and a time a reading or dose cannot have (ahead of now,
    /// or a day alone after today) is refused as in the future, with the one wording of the rule.
    @Test(arguments: [("tomorrow 07:00", "2026-12-01 07:00"), ("明天早上7点", "2026-12-01 07:00"), ("2026-12-20", "2026-12-20"), ("后天", "2026-12-02")])
    func aTimeAheadIsRefusedAsInTheFuture(text: String, shown: String) {
        #expect(throws: ValidationError.invalid(Phrase("{time} is in the future; a reading can be at most 10 minutes ahead of now", ["time": shown]))) {
            try WhenExpression.pastInstant(text, now: now, zone: zone)
        }
    }

    @Test func tomorrowIsADayAheadForWhatMayBePlanned() throws {
        #expect(try WhenExpression.parse("tomorrow 07:00", now: now, zone: zone).iso8601 == "2026-12-01T07:00:00+08:00")
        #expect(try WhenExpression.pastInstant("yesterday 07:00", now: now, zone: zone).iso8601 == "2026-11-29T07:00:00+08:00")
    }

    @Test func aSkippedWallTimeSaysSo() throws {
        let berlin = try #require(ZoneInfoZone(identifier: "Europe/Berlin"))
        #expect(throws: ValidationError.invalid("'2026-03-29 02:30' does not exist in the time zone (a daylight-saving gap)")) {
            try WhenExpression.parse("2026-03-29 02:30", now: now, zone: berlin)
        }
    }
}

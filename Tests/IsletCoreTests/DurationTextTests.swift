import Testing

@testable import IsletCore

@Suite struct DurationTextTests {
  @Test(
    arguments: [
      ("90s", 90_000), ("25m", 1_500_000), ("1h30m", 5_400_000), ("1.5h", 5_400_000),
      ("25:00", 1_500_000), ("1:30:00", 5_400_000), ("90", 90_000), ("0.5", 500), ("2m30s", 150_000),
      ("1H", 3_600_000), (" 5m ", 300_000), ("100h", 360_000_000), ("1d", 86_400_000),
      ("25min", 1_500_000), ("25mins", 1_500_000), ("25 minutes", 1_500_000), ("1 minute", 60_000),
      ("1h30", 5_400_000), ("1h 30", 5_400_000), ("2m30", 150_000), ("1h30m15", 5_415_000),
      ("90sec", 90_000), ("90 secs", 90_000), ("2 seconds", 2000), ("2hrs", 7_200_000), ("1hr", 3_600_000),
      ("1.5 hours", 5_400_000), ("1 hour 30 min", 5_400_000), ("2 Days", 172_800_000), ("25MIN", 1_500_000),
      ("5 m", 300_000),
    ] as [(String, Int64)])
  func acceptsEveryDocumentedForm(text: String, ms: Int64) {
    #expect(DurationText.parse(text) == .success(ms))
  }

  @Test(arguments: [
    "", "abc", "25x", "m", "1.2.3m", "5m5h", "1:2", "1:60", "1:00:60", "::", "1e3", "٣m", "+5m", "5m-",
    "5m Tea", "25 minutesx", "5mm", "1d12", "30s5", "1h30.5", "1h30 5", "min", "5 hours 2 hours",
    "1 h\t30", "5,5m", "1.5h30", "2.5m30",
  ])
  func refusesMalformed(text: String) {
    #expect(DurationText.parse(text) == .failure(.malformed(text)))
  }

  /// What a shell splits apart, as `start 25 minutes 5 minutes` gives it.
  @Test func aUnitWordAloneJoinsTheNumberBeforeIt() {
    #expect(DurationText.joiningUnitWords(["25", "minutes"]) == ["25 minutes"])
    #expect(DurationText.joiningUnitWords(["25", "minutes", "5", "MIN"]) == ["25 minutes", "5 MIN"])
    #expect(DurationText.joiningUnitWords(["1h", "30", "min"]) == ["1h", "30 min"])
    // Only after a number: a word alone, or after a unit, stays as typed (and is refused).
    #expect(DurationText.joiningUnitWords(["minutes"]) == ["minutes"])
    #expect(DurationText.joiningUnitWords(["25m", "minutes"]) == ["25m", "minutes"])
    #expect(DurationText.joiningUnitWords(["25", "Tea"]) == ["25", "Tea"])
  }

  @Test(arguments: ["0", "-5m", "0s", "0:00", "0h0m"])
  func refusesZeroAndNegative(text: String) {
    #expect(DurationText.parse(text) == .failure(.notPositive(text)))
  }

  @Test(arguments: ["101h", "999999999999999999999999h", "9999999:00:00", "5d"])
  func refusesOverflow(text: String) {
    #expect(DurationText.parse(text) == .failure(.tooLong(text)))
  }

  @Test func errorMessagesNameTheValueAndTheForms() {
    #expect(
      DurationText.Failure.malformed("25x").message
        == "'25x' is not a duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds"
    )
  }

  @Test(arguments: [
    ("25", true), (" 1.5 ", true), ("25s", false), ("25:00", false), ("+5", false), ("", false),
  ])
  func aBareNumberIsKnownAsOne(text: String, bare: Bool) {
    #expect(DurationText.isBareNumber(text) == bare, "\(text.debugDescription)")
  }

  @Test func signedChangesNeedTheirSign() {
    #expect(DurationText.parseSigned("+5min") == .success(300_000))
    #expect(DurationText.parseSigned("+5m") == .success(300_000))
    #expect(DurationText.parseSigned("-1m") == .success(-60_000))
    #expect(DurationText.parseSigned("-1:00") == .success(-60_000))
    #expect(DurationText.parseSigned("5m") == .failure(.malformed("5m")))
    #expect(DurationText.parseSigned("+0") == .failure(.notPositive("+0")))
  }

  @Test(
    arguments: [
      (25_000, "25 seconds"), (1000, "1 second"), (60_000, "1 minute"),
      (1_500_000, "25 minutes"), (90_000, "1 minute 30 seconds"), (5_400_000, "1 hour 30 minutes"),
      (7_200_000, "2 hours"), (3_601_000, "1 hour 1 second"), (0, "0 seconds"),
      // Whole seconds, rounded up as a countdown's clock is: never milliseconds in a sentence.
      (1500, "2 seconds"), (1, "1 second"), (18_187_975, "5 hours 3 minutes 8 seconds"),
      (59_999, "1 minute"), (3_599_001, "1 hour"),
    ] as [(Int64, String)])
  func wordsSayASpanAsAConfirmationDoes(ms: Int64, words: String) {
    #expect(DurationText.words(ms) == words)
  }

  @Test func clockFormatsUnderAndOverAnHour() {
    #expect(DurationText.clock(seconds: 0) == "0:00")
    #expect(DurationText.clock(seconds: 754) == "12:34")
    #expect(DurationText.clock(seconds: 3599) == "59:59")
    #expect(DurationText.clock(seconds: 3600) == "1:00:00")
    #expect(DurationText.clock(seconds: 37_230) == "10:20:30")
    #expect(DurationText.clock(seconds: -5) == "0:00")
  }

  /// One grammar for every small place: the seconds only while they matter (under ten
  /// minutes), then minutes, then hours and minutes, then hours.
  @Test(
    arguments: [
      (0, false, "0:00"), (42, true, "+0:42"), (299, false, "4:59"), (599, false, "9:59"),
      (600, false, "10m"), (754, false, "12m"), (3599, false, "59m"), (3600, false, "1h00"),
      (3900, false, "1h05"), (4200, true, "+1h10"), (35_999, false, "9h59"), (36_000, false, "10h"),
      (75_540, false, "20h"), (-5, false, "0:00"),
    ] as [(Int64, Bool, String)])
  func theGlanceGrammar(seconds: Int64, overtime: Bool, shown: String) {
    #expect(DurationText.glance(seconds: seconds, overtime: overtime) == shown)
  }
}

@Suite struct TimeOfDayTests {
  @Test func parsesTwentyFourHourAndMeridiemForms() {
    #expect(TimeOfDay("18:30") == TimeOfDay(hour: 18, minute: 30))
    #expect(TimeOfDay("6:30pm") == TimeOfDay(hour: 18, minute: 30))
    #expect(TimeOfDay("12:05am") == TimeOfDay(hour: 0, minute: 5))
    #expect(TimeOfDay("12pm") == TimeOfDay(hour: 12, minute: 0))
    #expect(TimeOfDay("9 AM") == TimeOfDay(hour: 9, minute: 0))
  }

  @Test(arguments: ["24:00", "12:60", "13pm", "0am", "9", "9:5", "noon", "", "18:30:00", "-1:00"])
  func refusesOthers(text: String) {
    #expect(TimeOfDay(text) == nil)
  }
}

import Foundation
import Testing

/// Page 1's chart spans the home readings and the 28 days around them in which an office visit
/// is compared (issue 35, finding 12): an office visit months before no longer squeezes the home
/// week into an eighth of the chart, and the chart names what it leaves out.
@Suite struct ChartSpanTests {
    typealias Page = PageOneClinicalTests

    @Test(arguments: ["en_US.UTF-8", "zh_CN.UTF-8"])
    func aFarOfficeVisitDoesNotStretchTheChart(language: String) throws {
        let cli = Page.patient(born: 1950)
        cli.ok("add", "150/95", "--office", "--at", "2026-06-10 10:00")
        Page.week(cli) { _ in (142, 88) }
        let page = try Page.pageOne(cli, [], language: language)
        let chinese = language.hasPrefix("zh")
        // The range is still the log's, from the visit; the axis is not.
        #expect(page.contains(chinese ? "2026年6月10日" : "10Jun2026"), "\(page)")
        #expect(!page.contains(chinese ? "7月" : "Jul") && !page.contains(chinese ? "9月" : "Sep"), "the axis reaches back to June: \(page)")
        #expect(page.contains(Page.squeezed(chinese
            ? "6月10日 的诊室读数 150/95 未画入图中：距家庭读数超过 28 天" : "Office 150/95 on 10 Jun is not on the chart: more than 28 days from the home readings")), "\(page)")
    }
}

/// A laid-out piece of a page, as Typst's layout makes one: a size, and items at fixed positions
/// in it (text already measured, lines, shapes, and frames placed inside it). A block, a chart
/// or a page is laid out once into a frame; the PDF and PNG sinks only walk frames, so what was
/// measured is what is drawn.
struct Frame {
    /// A shape to fill or stroke.
    enum Shape {
        case rectangle(x: Double, y: Double, width: Double, height: Double)
        case roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double)
        case circle(x: Double, y: Double, radius: Double)
        case polygon([(Double, Double)])
    }

    /// One thing at a fixed position in the frame.
    enum Item {
        /// Text laid out once, its box's top-left corner at (x, y), in its style's colour or `color`.
        case text(TextBox, x: Double, y: Double, color: Color?)
        case line(from: (Double, Double), to: (Double, Double), color: Color, width: Double, dash: [Double])
        case polyline([(Double, Double)], color: Color, width: Double)
        case fill(Shape, color: Color)
        case stroke(Shape, color: Color, width: Double)
        /// A frame placed with its top-left corner at (x, y); `clipped` cuts what lies outside its size.
        case frame(Frame, x: Double, y: Double, clipped: Bool)
    }

    var width: Double
    var height: Double
    private(set) var items: [Item] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func add(_ item: Item) { items.append(item) }

    /// What the frame says, in the order it is drawn, the frames placed in it included: what a
    /// test reads where it would otherwise read the PDF back.
    var texts: [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .text(let box, _, _, _): [box.text]
            case .frame(let frame, _, _, _): frame.texts
            default: []
            }
        }
    }

    /// Text laid out in `box`, at (x, y).
    mutating func text(_ box: TextBox, x: Double, y: Double, color: Color? = nil) {
        items.append(.text(box, x: x, y: y, color: color))
    }

    /// One line of `text` in `style` at (x, y): aligned in `width` and cut with "…" when it does
    /// not fit; nothing for empty text.
    mutating func text(
        _ text: String, _ style: TextStyle, x: Double, y: Double, width: Double? = nil, alignment: TextStyle.Alignment = .left, color: Color? = nil
    ) {
        guard !text.isEmpty else { return }
        items.append(.text(style.line(text, width: width, alignment: alignment), x: x, y: y, color: color))
    }

    mutating func line(from start: (Double, Double), to end: (Double, Double), color: Color, width: Double, dash: [Double] = []) {
        items.append(.line(from: start, to: end, color: color, width: width, dash: dash))
    }

    mutating func fill(_ shape: Shape, _ color: Color) { items.append(.fill(shape, color: color)) }

    mutating func stroke(_ shape: Shape, _ color: Color, width: Double) { items.append(.stroke(shape, color: color, width: width)) }

    /// `frame` with its top-left corner at (x, y).
    mutating func place(_ frame: Frame, x: Double, y: Double, clipped: Bool = false) {
        items.append(.frame(frame, x: x, y: y, clipped: clipped))
    }
}

extension GraphicsContext {
    /// Draws `frame` with its top-left corner at (x, y): every item where the layout put it.
    func draw(_ frame: Frame, x: Double = 0, y: Double = 0) {
        for item in frame.items { draw(item, dx: x, dy: y) }
    }

    private func draw(_ item: Frame.Item, dx: Double, dy: Double) {
        let moved = { (points: [(Double, Double)]) in points.map { ($0.0 + dx, $0.1 + dy) } }
        switch item {
        case .text(let box, let x, let y, let color):
            box.draw(on: self, x: x + dx, y: y + dy, color: color)
        case .line(let start, let end, let color, let width, let dash):
            line(from: (start.0 + dx, start.1 + dy), to: (end.0 + dx, end.1 + dy), color: color, width: width, dash: dash)
        case .polyline(let points, let color, let width):
            polyline(moved(points), color: color, width: width)
        case .fill(let shape, let color):
            switch shape {
            case .rectangle(let x, let y, let width, let height): fillRectangle(x: x + dx, y: y + dy, width: width, height: height, color: color)
            case .roundedRectangle(let x, let y, let width, let height, let radius):
                fillRoundedRectangle(x: x + dx, y: y + dy, width: width, height: height, radius: radius, color: color)
            case .circle(let x, let y, let radius): fillCircle(x: x + dx, y: y + dy, radius: radius, color: color)
            case .polygon(let points): fillPolygon(moved(points), color: color)
            }
        case .stroke(let shape, let color, let width):
            switch shape {
            case .rectangle(let x, let y, let rectangleWidth, let height), .roundedRectangle(let x, let y, let rectangleWidth, let height, _):
                strokeRectangle(x: x + dx, y: y + dy, width: rectangleWidth, height: height, color: color, lineWidth: width)
            case .circle(let x, let y, let radius): strokeCircle(x: x + dx, y: y + dy, radius: radius, color: color, lineWidth: width)
            case .polygon(let points): strokePolygon(moved(points), color: color, lineWidth: width)
            }
        case .frame(let frame, let x, let y, let clipped):
            if clipped {
                self.clipped(x: x + dx, y: y + dy, width: frame.width, height: frame.height) { draw(frame, x: x + dx, y: y + dy) }
            } else {
                draw(frame, x: x + dx, y: y + dy)
            }
        }
    }
}

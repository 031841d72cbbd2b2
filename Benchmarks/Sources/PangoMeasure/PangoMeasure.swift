@main
struct PangoMeasure { static func main() {} }

/// Every way a value commonly reaches a log: `String(describing:)` (`"\(value)"`),
/// `String(reflecting:)` (`debugDescription`, the debugger) and `dump`.
func renderings(of value: Any) -> [String] {
  var dumped = ""
  dump(value, to: &dumped)
  return [String(describing: value), String(reflecting: value), dumped]
}

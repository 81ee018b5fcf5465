import ScrollScript
func parseBenchmark() { print("parse benchmark: not yet written") }

import ScrollSim
func simBenchmark() { print("sim benchmark: not yet written") }

// jshell start-up of bin/cohort jshell: Cohort's types and NumPy-named functions.
// The first array operation starts an embedded one-shard Cohort in the snippet JVM.
import dev.cohort.ndarray.*;
import static dev.cohort.ndarray.Np.*;

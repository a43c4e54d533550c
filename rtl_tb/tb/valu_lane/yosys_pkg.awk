# Copies gcn_isa_pkg.sv with each `return X;` written as `<function name> = X;`, for
# yosys 0.23, which has no `return`. The generated functions return only as their last
# statement, so the copy means the same. (Used by `make valu-lane-synth`.)
/function automatic/ {
  match($0, /[A-Za-z_][A-Za-z_0-9]*\(/)
  fn = substr($0, RSTART, RLENGTH - 1)
}
$1 == "return" { sub(/return/, fn " =") }
{ print }

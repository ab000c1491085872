// fuzz: ksv fix --format json: the repair of the deadlock inserts a set_flag, the next one removes the wait "with the syncs of its flag", that inserted set among them, as an edit {"action": "delete", "line": 0}; fix-report.schema.json wants line >= 1 (found by mutate.py seed 1 input 13, minimized)
func.func @k(%n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_FIX>, <EVENT_ID3>]
  %nn = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %nn step %c1 {
  }
  return
}

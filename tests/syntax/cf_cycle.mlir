// A loop in unstructured control flow (^bb1 -> ^bb2 -> ^bb1): ksv lowers only acyclic CFGs, so
// this kernel is not decided (tests/syntax_test.sh: unknown, exit 3, naming the branch).
func.func @cycle(%n: i32) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  cf.br ^bb1(%c0_i32 : i32)
^bb1(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  hivm.hir.pipe_barrier[<PIPE_V>]
  %next = arith.addi %i, %c1_i32 : i32
  cf.br ^bb1(%next : i32)
^bb3:
  return
}

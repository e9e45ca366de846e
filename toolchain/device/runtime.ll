; oxpack device runtime: NVVM intrinsics behind extern "C" names that the
; device crate (src/lib.rs) declares. oxpack links this module into every kernel
; module with llvmlite; the target triple and data layout are set to the kernel's
; before linking.

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare void @llvm.trap()

define i32 @__oxpack_tid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %v
}

define i32 @__oxpack_tid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ret i32 %v
}

define i32 @__oxpack_tid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  ret i32 %v
}

define i32 @__oxpack_ntid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ret i32 %v
}

define i32 @__oxpack_ntid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  ret i32 %v
}

define i32 @__oxpack_ntid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  ret i32 %v
}

define i32 @__oxpack_ctaid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %v
}

define i32 @__oxpack_ctaid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ret i32 %v
}

define i32 @__oxpack_ctaid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  ret i32 %v
}

define i32 @__oxpack_nctaid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ret i32 %v
}

define i32 @__oxpack_nctaid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  ret i32 %v
}

define i32 @__oxpack_nctaid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  ret i32 %v
}

define void @__oxpack_trap() #1 {
  call void @llvm.trap()
  unreachable
}

attributes #0 = { alwaysinline nounwind readnone }
attributes #1 = { alwaysinline noreturn nounwind cold }

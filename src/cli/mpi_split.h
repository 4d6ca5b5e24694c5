// MpiSplit: `allegra sim` and `allegra rate` across the processes of an MPI job.
//
// Started as K ranks (`mpirun -n K allegra sim ...`, or srun), the games are split by number:
// rank r plays games r, r+K, r+2K, ... (each with the seeds it has in a one-process run) on its
// own --threads, and sends each result to rank 0, which aggregates them in game order, exactly
// as one process would, and alone prints the result and the progress bar. Every rank parses
// the same arguments, so a bad argument fails on all of them alike and only rank 0 says so.
//
// This is the one place that knows MPI (OpenMPI, ALLEGRA_MPI in CMakeLists.txt): the
// simulator only sees a sim::GameRunner (sim/game_runner.h). MPI is initialised only when the
// environment says an MPI launcher started this process as one of several ranks, so a plain
// `allegra sim` never touches it. docs/scaling.md, "Simulations on many machines".
#pragma once

#include <memory>
#include <string_view>

#include "sim/game_runner.h"

namespace allegra::cli {

// This process's rank and the number of ranks, as the launcher's environment gives them
// (OMPI_COMM_WORLD_RANK/SIZE, PMIX_RANK, PMI_RANK/SIZE, and srun's SLURM_STEP_NUM_TASKS),
// without any MPI call: {0, 1} when not started by an MPI launcher; size 0 when a launcher
// gave a rank but not the size.
struct LaunchRank {
  int rank = 0;
  int size = 1;
  bool several() const { return size != 1; }
};
LaunchRank launch_rank();

// Throws CliError (reported by rank 0 only) when started as several ranks for a command that
// does not split over them (anything but sim and rate), or by a build without MPI.
void check_mpi_launch(std::string_view command);

class MpiSplit {
 public:
  // Joins the MPI job (MPI_Init) when started as several ranks; otherwise one process:
  // runner() is empty and is_root() is true.
  MpiSplit();
  // Without a run (an error before it), first tells the other ranks to stop; then
  // MPI_Finalize.
  ~MpiSplit();
  MpiSplit(const MpiSplit&) = delete;
  MpiSplit& operator=(const MpiSplit&) = delete;

  bool is_root() const;
  // The runner that splits the games over the ranks (empty for one process). Call it at most
  // once; it throws on rank 0 what the first failed game (in game order) or emit threw, after
  // stopping the other ranks.
  sim::GameRunner runner();
  // On a rank other than 0, after the run: the exit code, kExitOk even when the run failed:
  // rank 0 alone says why and fails, so that mpirun does not end the job before it has said it.
  int worker_exit_code() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace allegra::cli

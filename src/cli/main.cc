// allegra: the command-line interface of the Allegra rules engine (see docs/cli.md).
#include "cli/app.h"

int main(int argc, char** argv) { return allegra::cli::run_app(argc, argv); }

// describe_table: the table in sentences, for screen readers (allegra play --screen-reader).
//
// The plain mode's ASCII picture reads aloud as noise ("hash hash hash"); a screen reader
// needs words in reading order, one short line at a time so its user can move line by line.
// Built from the TableModel only (the public view the screens draw), every word translated.
#pragma once

#include <string>
#include <vector>

#include "text/translator.h"
#include "tui/table_model.h"

namespace allegra::tui {

// The round; every player from the one deciding on, in playing order, with his total and his
// grid row by row (columns 1-4 as the screen labels them) and whose display shares his column 4;
// the piles, the card in play, who knocked, and model.status (what is being decided).
std::vector<std::string> describe_table(const TableModel& model, const text::Translator& tr);

}  // namespace allegra::tui

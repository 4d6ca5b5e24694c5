// PLACEHOLDER (lead, 28 Nov): the ratings branch replaces this file with the model's arithmetic.
// Until then, nothing changes: every skill stays as it was.
#include "rating/skill_rating.h"

#include <stdexcept>

namespace allegra::rating {

std::vector<Skill> update(std::span<const Skill> before, std::span<const int> place,
                          const ModelOptions&) {
  if (before.size() < 2 || before.size() != place.size())
    throw std::invalid_argument("rating update: at least 2 players, one place each");
  return {before.begin(), before.end()};
}

std::vector<int> places_from_totals(std::span<const int> totals, std::span<const bool> left) {
  if (totals.size() != left.size())
    throw std::invalid_argument("rating places: one total and one mark each");
  std::vector<int> place(totals.size(), 0);
  for (size_t i = 0; i < totals.size(); ++i)
    for (size_t j = 0; j < totals.size(); ++j)
      if (left[j] < left[i] || (left[j] == left[i] && totals[j] < totals[i])) ++place[i];
  return place;
}

double display_rating(const Skill& skill) { return skill.mu - 3 * skill.sigma; }

bool is_provisional(const Skill&, int rated_games) { return rated_games < 10; }

}  // namespace allegra::rating

#!/usr/bin/perl
# tdref.pl - the reference engine's side of the Terra Mystica differential
# tester.  Loads the terra.snellman.net engine (src/ of the reference
# checkout) once.
#
#   perl tdref.pl REFSRC LOG...     evaluate every log given, printing one
#                                   JSON line per log row with every
#                                   faction's state after that row, in the
#                                   same form as `tdarb replay` (README.md)
#   perl tdref.pl REFSRC --serve    the oracle `tdarb gen` asks while it
#                                   plays: one game at a time, row by row,
#                                   and whether a candidate row is accepted
#                                   (the protocol is described at serve())
#
# Both call terra_mystica::evaluate_game as a library.  To see the state
# after each row the first mode wraps two of the engine's functions:
# clean_commands (called once per log row, in order) to tag each command
# with its row, and do_command to take a snapshot of all factions just
# before the first command of a new row runs (the state after the previous
# row, including what the engine did between commands: income, turn
# changes).
use strict;
use warnings;
use POSIX ();

# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi), which
# fixes Perl's hash order; some results hang on it (which cult track a
# town tile's key takes).  Without it the reference varies between runs.
BEGIN {
    if (($ENV{PERL_HASH_SEED} // '') ne '0') {
        $ENV{PERL_HASH_SEED} = '0';
        exec($^X, $0, @ARGV) or die "tdref.pl: cannot re-run itself: $!\n";
    }
}

my $src;
BEGIN { $src = shift @ARGV or die "usage: tdref.pl REFSRC LOG... | tdref.pl REFSRC --serve\n"; unshift @INC, $src; }
package terra_mystica; require tracker; package main;
use JSON;

my $json = JSON->new->canonical(1);

# Every faction's state, in the fields `tdarb` prints: resources, power
# bowls, cult positions, buildings, shipping and digging levels, and (with
# $more, for the oracle) the bonus tile held and the favor and town tiles.
sub faction_state {
    my ($factions, $more) = @_;
    my %f;
    for my $name (keys %$factions) {
        my $x = $factions->{$name};
        next if $x->{dummy};
        my %s = map { ($_, 0 + ($x->{$_} // 0)) } qw(VP C W P P1 P2 P3 FIRE WATER EARTH AIR);
        $s{$_} = 0 + ($x->{buildings}{$_}{level} // 0) for qw(D TP TE SH SA);
        $s{ship} = 0 + (ref $x->{ship} ? ($x->{ship}{level} // 0) : 0);
        $s{dig} = 0 + (ref $x->{dig} ? ($x->{dig}{level} // 0) : 0);
        if ($more) {
            my ($bon) = grep { /^BON\d+$/ and $x->{$_} } keys %$x;
            $s{BON} = $bon ? 0 + substr($bon, 3) : 0;
            $s{FAV} = [ sort { $a <=> $b } map { 0 + substr($_, 3) } grep { /^FAV\d+$/ and $x->{$_} } keys %$x ];
            $s{TW} = [ sort { $a <=> $b } map { 0 + substr($_, 2) } grep { /^TW\d+$/ and $x->{$_} } keys %$x ];
        }
        $f{$name} = \%s;
    }
    \%f;
}

sub snapshot {
    no warnings 'once';
    my $acting = $terra_mystica::game{acting} or return {};
    faction_state($acting->factions(), 0);
}

if (@ARGV and $ARGV[0] eq '--serve') {
    serve();
    exit 0;
}

my ($row_counter, $play_cmds, $cmd_idx, $cur_row, @out);

{
    no warnings 'redefine';
    my $orig_clean = \&terra_mystica::clean_commands;
    *terra_mystica::clean_commands = sub {
        my $row = ++$row_counter;
        my @r = $orig_clean->(@_);
        push @$_, $row for @r;
        @r;
    };
    my $orig_play = \&terra_mystica::play;
    *terra_mystica::play = sub {
        ($play_cmds, $cmd_idx) = ($_[0], 0);
        $orig_play->(@_);
    };
    my $orig_do = \&terra_mystica::do_command;
    *terra_mystica::do_command = sub {
        # play() passes the elements of its command list itself (@_
        # aliases them); the engine's own calls (income_for_faction ...)
        # pass other scalars and belong to no row.
        my $c = $play_cmds->[$cmd_idx];
        my $row;
        if ($c and \$_[1] == \$c->[1]) {
            $row = $c->[2];
            $cmd_idx++;
        }
        if (defined $row and (!defined $cur_row or $row != $cur_row)) {
            push @out, { line => $cur_row, f => snapshot() } if defined $cur_row;
            $cur_row = $row;
        }
        $orig_do->(@_);
    };
}

for my $file (@ARGV) {
    open my $fh, '<', $file or do { print $json->encode({ game => $file, fatal => "cannot read" }), "\n"; next };
    my @rows = <$fh>;
    close $fh;
    chomp @rows;
    ($row_counter, $play_cmds, $cmd_idx, $cur_row, @out) = (0, undef, 0, undef);
    my $res = eval {
        terra_mystica::evaluate_game({ rows => \@rows, faction_info => {}, players => [],
                                       metadata => { game_options => [] }, delete_email => 1 });
    };
    if (!$res) {
        print $json->encode({ game => $file, fatal => "$@" }), "\n";
        next;
    }
    print $json->encode({ game => $file, start => scalar keys %{$res->{factions}} }), "\n";
    my @err = @{$res->{error}};
    for (@out) {
        $_->{text} = $rows[$_->{line} - 1];
        print $json->encode($_), "\n";
    }
    if (defined $cur_row) {
        my $last = { line => $cur_row, text => $rows[$cur_row - 1] };
        if (@err) {
            $last->{error} = join(' ', map { s/\s+/ /gr } @err);
        } else {
            $last->{f} = faction_state($res->{factions}, 0);
        }
        print $json->encode($last), "\n";
    }
    print $json->encode({ end => $file, over => ($res->{finished} ? JSON::true : JSON::false),
                          round => $res->{round} }), "\n";
}

# ---------------------------------------------------------------------
# The oracle (--serve).
#
# One request a line on stdin, one answer a line on stdout:
#   game          a new game begins (no rows yet)            -> ready
#   row TEXT      the next log row, kept                     -> ok
#   try TEXT      would the game so far plus this row be
#                 accepted?  the row is not kept             -> ok JSON | refused MESSAGE
#   end           the game is over, or abandoned             -> end JSON
#   quit          (or end of input)
# JSON is {"f": faction states, "pool": [bonus tiles in the pool],
# "finished": 0|1, "round": N}.
#
# A game is one call of evaluate_game whose command list is read lazily:
# play() asks for command i+1 before it runs command i (to know whether the
# same faction goes on), so while it waits for the next row, the log's last
# command has not run yet, and the rewriting evaluate_game does on the
# whole stream (rewrite_stream: two equal "+X" in a row are one "+2X",
# "resign" is "drop-faction", the Engineers' old bridge pair goes) can still
# be applied to it.  A `try` forks: the child takes the candidate as the
# log's last row, lets play() finish exactly as evaluate_game would on the
# whole log, answers and exits; the parent goes on waiting.  So an answer
# is evaluate_game's on the whole log plus the candidate, at the cost of
# one fork.  tools/terra-diff checks the whole logs again at the end
# (tdarb replay, tdref.pl, compare.py).

package LazyStream;

sub TIEARRAY { my ($class, $feed) = @_; bless { known => [], ended => 0, feed => $feed }, $class }
sub FETCHSIZE { my $s = shift; scalar(@{$s->{known}}) + ($s->{ended} ? 0 : 1) }
sub FETCH {
    my ($s, $n) = @_;
    $s->{feed}->($s) while $n >= @{$s->{known}} and !$s->{ended};
    $s->{known}[$n];
}
sub STORE { my ($s, $n, $v) = @_; $s->{known}[$n] = $v }
sub EXISTS { my ($s, $n) = @_; $n < @{$s->{known}} }

# Add one log row's commands, as clean_commands and rewrite_stream make them.
sub add_row {
    my ($s, $text) = @_;
    for my $c (terra_mystica::clean_commands($text)) {
        my $last = $s->{known}[-1];
        if ($c->[0] and $c->[1] =~ /^\s*resign\s*$/i) {
            $c->[1] = "drop-faction $c->[0]";
        }
        if ($last and !$last->[3] and $last->[0] eq $c->[0] and
            $last->[1] =~ /^\+(\d*)(\w+)/ and lc $last->[1] eq lc $c->[1]) {
            $last->[1] = "+" . (($1 || 1) * 2) . $2;
            $last->[3] = 1;    # took its successor: the next one stands alone
            next;
        }
        if ($last and $c->[0] and $last->[0] eq $c->[0] and
            $last->[1] =~ /^convert 2W to 1?BRIDGE$/i and $c->[1] =~ /^-BRIDGE$/i) {
            pop @{$s->{known}};
            next;
        }
        next if !$c->[1];
        push @{$s->{known}}, $c;
    }
}

package main;

my $trial = 0;

sub answer { my $line = shift; syswrite(STDOUT, "$line\n") }

sub result_json {
    no warnings 'once';
    my $g = \%terra_mystica::game;
    my $pool = $g->{pool} // {};
    $json->encode({ f => faction_state($g->{acting}->factions(), 1),
                    pool => [ sort { $a <=> $b } map { 0 + substr($_, 3) } grep { /^BON\d+$/ and $pool->{$_} } keys %$pool ],
                    finished => ($g->{finished} ? 1 : 0), round => 0 + ($g->{round} // 0) });
}

# Read requests until the lazy stream has another command (or ends).
sub feed {
    my $s = shift;
    for (;;) {
        my $line = <STDIN>;
        if (!defined $line) { $s->{ended} = 1; return; }
        chomp $line;
        my ($verb, $text) = split / /, $line, 2;
        $text //= '';
        if ($verb eq 'row') {
            $s->add_row($text);
            answer("ok");
            return;
        } elsif ($verb eq 'try') {
            my $pid = fork;
            die "tdref.pl: fork: $!\n" if !defined $pid;
            if (!$pid) {
                $trial = 1;
                $s->add_row($text);
                $s->{ended} = 1;
                return;
            }
            waitpid($pid, 0);
            answer("refused child died ($?)") if $? != 0;
        } elsif ($verb eq 'end') {
            $s->{ended} = 1;
            return;
        } else {
            answer("refused unknown request '$verb'");
        }
    }
}

sub serve {
    no warnings 'redefine';
    my $orig_play = \&terra_mystica::play;
    # play() gets the lazy stream instead of the (empty) list of the rows
    # given to evaluate_game; what it ends with is the answer.
    *terra_mystica::play = sub {
        tie my @stream, 'LazyStream', \&feed;
        my $r = eval { $orig_play->(\@stream, $_[1]); 1 };
        my $err = $@;
        if ($trial) {
            if ($r) {
                answer("ok " . result_json());
            } else {
                $err =~ s/\s+/ /g;
                answer("refused $err");
            }
            POSIX::_exit(0);
        }
        if (!$r) {
            $err =~ s/\s+/ /g;
            # a row it was given, which a try had accepted, failed when
            # it ran (never expected): every request until the end says so
            for (;;) {
                my $line = <STDIN>;
                last if !defined $line or $line =~ /^end/;
                answer("dead $err");
            }
            answer("end " . $json->encode({ dead => $err }));
            return 0;
        }
        answer("end " . result_json());
        0;
    };
    while (my $line = <STDIN>) {
        chomp $line;
        last if $line eq 'quit';
        next if $line ne 'game';
        answer("ready");
        eval {
            terra_mystica::evaluate_game({ rows => [], faction_info => {}, players => [],
                                           metadata => { game_options => [] }, delete_email => 1 });
        };
    }
}

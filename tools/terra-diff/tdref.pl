#!/usr/bin/perl
# tdref.pl - the reference engine's side of the Terra Mystica differential
# tester.  Loads the terra.snellman.net engine (src/ of the reference
# checkout) once and evaluates every log given, printing one JSON line per
# log row with every faction's state after that row, in the same form as
# `tdarb replay` (see README.md).
#
#   perl tdref.pl REFSRC LOG...
#
# It calls terra_mystica::evaluate_game as a library.  To see the state
# after each row it wraps two of the engine's functions: clean_commands
# (called once per log row, in order) to tag each command with its row,
# and do_command to take a snapshot of all factions just before the first
# command of a new row runs (the state after the previous row, including
# what the engine did between commands: income, turn changes).
use strict;
use warnings;

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
BEGIN { $src = shift @ARGV or die "usage: tdref.pl REFSRC LOG...\n"; unshift @INC, $src; }
package terra_mystica; require tracker; package main;
use JSON;

my $json = JSON->new->canonical(1);

my ($row_counter, $play_cmds, $cmd_idx, $cur_row, @out);

sub snapshot {
    my %f;
    no warnings 'once';
    my $acting = $terra_mystica::game{acting} or return {};
    my $all = $acting->factions();
    for my $name (keys %$all) {
        my $x = $all->{$name};
        next if $x->{dummy};
        my %s = map { ($_, 0 + ($x->{$_} // 0)) } qw(VP C W P P1 P2 P3 FIRE WATER EARTH AIR);
        for my $b (qw(D TP TE SH SA)) {
            $s{$b} = 0 + ($x->{buildings}{$b}{level} // 0);
        }
        $s{ship} = 0 + (ref $x->{ship} ? ($x->{ship}{level} // 0) : 0);
        $s{dig} = 0 + (ref $x->{dig} ? ($x->{dig}{level} // 0) : 0);
        $f{$name} = \%s;
    }
    \%f;
}

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
            my %f;
            for my $name (keys %{$res->{factions}}) {
                my $x = $res->{factions}{$name};
                next if $x->{dummy};
                my %s = map { ($_, 0 + ($x->{$_} // 0)) } qw(VP C W P P1 P2 P3 FIRE WATER EARTH AIR);
                $s{$_} = 0 + ($x->{buildings}{$_}{level} // 0) for qw(D TP TE SH SA);
                $s{ship} = 0 + (ref $x->{ship} ? ($x->{ship}{level} // 0) : 0);
                $s{dig} = 0 + (ref $x->{dig} ? ($x->{dig}{level} // 0) : 0);
                $f{$name} = \%s;
            }
            $last->{f} = \%f;
        }
        print $json->encode($last), "\n";
    }
    print $json->encode({ end => $file, over => ($res->{finished} ? JSON::true : JSON::false),
                          round => $res->{round} }), "\n";
}
